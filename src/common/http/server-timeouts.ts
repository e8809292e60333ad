import type { Server } from 'node:http';
import type { HttpTimeouts } from '../../config/app-config';

/**
 * Bounds the time a client may take to send a request, however it trickles it: the headers,
 * and the whole request with its body (a Content-Length larger than what is sent, a chunked
 * body without its last chunk). Node answers 408 and closes the connection when one runs out.
 * Only the receiving is bounded: the time a render takes to answer is not.
 *
 * Node looks for expired requests every `connectionsCheckingInterval` (30 s by default, which
 * let a 60 s headers time-out run to 89 s): here a quarter of the shortest time-out, at most 1 s.
 * Node reads that interval when the server starts listening, so this runs before `listen`.
 */
export function applyServerTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // A createServer option that @types/node does not declare on Server.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1_000, Math.ceil(timeouts.headersTimeoutMs / 4));
}
