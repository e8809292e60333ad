import type { Server } from 'node:http';

/**
 * Node answers a request whose `Expect` is anything but `100-continue` with a bare 417 before the
 * app sees it: no JSON body, no request id. RFC 9110 (10.1.1) lets a server ignore an expectation
 * it does not know, so such a request is served like any other.
 */
export function ignoreUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
}
