import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config/app-config';

// The SDK's advice to move to Node 22 is for operators (docs/running-at-scale.md); repeated in every test file it only buries the output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver checks signatures against these fixed keys. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** S3_* variables pointing the service at `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  config(bucket: string): S3Config;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process, keeping its objects under `directory`
 * (a second server on the same folder sees the same objects: a restart).
 */
export async function startS3Server(directory: string, buckets: string[]): Promise<TestS3Server> {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket: string): S3Config => ({ bucket, endpoint, region: 'us-east-1', accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY, forcePathStyle: true });
  return {
    config,
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      const closed = server.close();
      // Clients may still hold keep-alive connections; do not wait for them to time out.
      // run() keeps its server as `httpServer`, which @types/s3rver does not declare.
      (server as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await closed;
    },
  };
}
