import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { DASHBOARD_PATH } from './dashboard-paths';

/** One cookie of the request, parsed with the `cookie` package's rules; undefined when absent. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  try {
    return parse(header)[name];
  } catch {
    return undefined;
  }
}

/** HttpOnly, SameSite=Lax, scoped to /dashboard, Secure when the public URL is https. */
export function setDashboardCookie(res: Response, name: string, value: string, secure: boolean, maxAgeSeconds?: number): void {
  res.append('Set-Cookie', serialize(name, value, { httpOnly: true, sameSite: 'lax', path: DASHBOARD_PATH, secure, maxAge: maxAgeSeconds }));
}

export function clearDashboardCookie(res: Response, name: string, secure: boolean): void {
  res.append('Set-Cookie', serialize(name, '', { httpOnly: true, sameSite: 'lax', path: DASHBOARD_PATH, secure, maxAge: 0, expires: new Date(0) }));
}
