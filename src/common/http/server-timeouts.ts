import { createServer, ServerOptions } from 'node:http';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { HttpTimeouts } from '../../config/app-config';

/**
 * Bounds the time a client may take to send a request, however it trickles it: the headers,
 * and the whole request with its body (a Content-Length larger than what is sent, a chunked
 * body without its last chunk). Node answers 408 and closes the connection when one runs out.
 * Only the receiving is bounded: the time a render takes to answer is not.
 *
 * Node looks for expired requests every `connectionsCheckingInterval` (30 s by default, which
 * let a 60 s headers time-out run to 89 s): here a quarter of the shortest time-out, at most 1 s.
 */
export function serverOptions(timeouts: HttpTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersTimeoutMs / 4)),
  };
}

/** Nest's Express adapter with a server made with these time-outs: Node reads some of them only when a server is created. */
export class ExpressAdapterWithTimeouts extends ExpressAdapter {
  constructor(private readonly timeouts: HttpTimeouts) {
    super();
  }

  override initHttpServer(): void {
    this.httpServer = createServer(serverOptions(this.timeouts), this.getInstance());
  }
}
