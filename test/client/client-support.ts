import type { AddressInfo } from 'node:net';
import { PdfgenClient, PdfgenClientOptions } from '../../clients/typescript/src';
import type { TestApp } from '../support/test-app';

export function baseUrlOf(t: TestApp): string {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A client of the test app; short back-off so retried tests stay quick. */
export function clientFor(t: TestApp, apiKey: string, options: Partial<PdfgenClientOptions> = {}): PdfgenClient {
  return new PdfgenClient({ apiKey, baseUrl: baseUrlOf(t), retryBaseDelayMs: 50, ...options });
}

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  status?: number;
  requestId?: string;
}

/** The global fetch, recording every request the client sends and the status and X-Request-Id it got. */
export function recordingFetch(): { fetch: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const entry: SentRequest = { method: init?.method ?? 'GET', url: new URL(String(input)), headers: new Headers(init?.headers) };
    sent.push(entry);
    const response = await fetch(input, init);
    entry.status = response.status;
    entry.requestId = response.headers.get('x-request-id') ?? undefined;
    return response;
  };
  return { fetch: recording, sent };
}

/** The promise's rejection, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
