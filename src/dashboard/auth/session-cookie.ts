import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SessionsService } from '../../accounts/sessions.service';
import type { SignInMethod } from '../../audit/audit-entry';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { clearDashboardCookie, readCookie, setDashboardCookie } from '../http/cookies';
import { SignInAudit } from './sign-in-audit';

/** Starts and ends dashboard sessions and keeps the cookie in step with them. */
@Injectable()
export class SessionCookie {
  private readonly secure: boolean;

  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly signIns: SignInAudit,
  ) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  /** A fresh session (a previous one of this browser ends: its token is never reused), recorded as a sign-in. */
  async start(req: Request, res: Response, userId: string, workspaceId: string, method: SignInMethod = 'password'): Promise<void> {
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await this.sessions.end(previous);
    const { token } = await this.sessions.start(userId, workspaceId, this.signIns.signedInEntry(req, userId, workspaceId, method));
    setDashboardCookie(res, SESSION_COOKIE, token, this.secure, SESSION_MAX_AGE_MS / 1000);
  }

  /** Ends the browser's session on the server, and clears the cookie. */
  async end(req: Request, res: Response): Promise<void> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) {
      await this.sessions.end(token);
      clearDashboardCookie(res, SESSION_COOKIE, this.secure);
    }
  }

  /** Whether the browser holds a live session (the sign-in page sends it on). */
  async isSignedIn(req: Request): Promise<boolean> {
    const token = readCookie(req, SESSION_COOKIE);
    return token !== undefined && (await this.sessions.resolve(token)) !== null;
  }
}
