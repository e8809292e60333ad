import type { Response } from 'supertest';

/** Asserts the contract's error shape: success false, the exact message, our code and the request id. */
export function expectError(res: Response, status: number, error: string, code: string): void {
  expect({ status: res.status, error: res.body.error, code: res.body.code }).toEqual({ status, error, code });
  expect(res.body.success).toBe(false);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body.requestId).toBe(res.headers['x-request-id']);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat \S+ \(|node_modules|\/src\/|SQLITE|QueryFailed/);
}
