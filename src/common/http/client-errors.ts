import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors/api-error';

/**
 * Requests Node refuses before any route sees them (malformed HTTP such as both Content-Length and
 * Transfer-Encoding, headers over Node's size limit, a client too slow to send its request) are
 * answered in the contract's error shape too, instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || answering?.headersSent || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(rawAnswer(errorFor(error)));
  });
}

function errorFor(error: NodeJS.ErrnoException): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new ApiError('HEADERS_TOO_LARGE');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError('REQUEST_TIMEOUT');
  return new ApiError('MALFORMED_REQUEST');
}

function rawAnswer(error: ApiError): string {
  const requestId = randomUUID();
  const body = JSON.stringify({ success: false, error: error.message, code: error.code, requestId });
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
