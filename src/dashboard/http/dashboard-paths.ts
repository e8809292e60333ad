/** Every dashboard URL starts here; the session and CSRF cookies are scoped to it. */
export const DASHBOARD_PATH = '/dashboard';
export const SIGN_IN_PATH = '/dashboard/sign-in';
export const HOME_PATH = '/dashboard/overview';
export const ASSETS_PATH = '/dashboard/assets';

/**
 * Where to go after signing in: only a path of the dashboard on this origin (no `//host`, no
 * backslash tricks, no scheme), else the overview.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return HOME_PATH;
  if (!/^\/dashboard(?:[/?#]|$)/.test(next) || /[\\\u0000-\u001f]/.test(next)) return HOME_PATH;
  try {
    const url = new URL(next, 'http://dashboard.invalid');
    if (url.origin !== 'http://dashboard.invalid' || !/^\/dashboard(?:\/|$)/.test(url.pathname)) return HOME_PATH;
    if (url.pathname.startsWith(SIGN_IN_PATH) || url.pathname.startsWith(ASSETS_PATH)) return HOME_PATH;
    return `${url.pathname}${url.search}`;
  } catch {
    return HOME_PATH;
  }
}
