import type { Response } from 'express';

/**
 * The answer to a generate request, before it is sent: what an Idempotency-Key stores and
 * replays is exactly this (status, headers, and the JSON body or the PDF bytes).
 */
export interface GenerateReply {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  pdf?: Uint8Array;
}

export function sendReply(res: Response, reply: GenerateReply): void {
  res.status(reply.status);
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (reply.pdf) {
    res.setHeader('Content-Length', String(reply.pdf.byteLength));
    res.end(reply.pdf);
  } else {
    res.json(reply.json);
  }
}
