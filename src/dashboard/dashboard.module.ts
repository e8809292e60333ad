import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BatchesModule } from '../batches/batches.module';
import { HistoryModule } from '../history/history.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { SsoController } from './auth/oidc/sso.controller';
import { SSO_PROVIDERS } from './auth/oidc/sso-providers';
import { ForgotPasswordController } from './auth/forgot-password.controller';
import { ResetPasswordController } from './auth/reset-password.controller';
import { SessionController } from './auth/session.controller';
import { SessionCookie } from './auth/session-cookie';
import { SignInAudit } from './auth/sign-in-audit';
import { SignInController } from './auth/sign-in.controller';
import { AssetsController } from './http/assets.controller';
import { FormCsrfGuard } from './http/csrf';
import { DashboardAssets } from './http/dashboard-assets';
import { DashboardErrorPages } from './http/dashboard-error-pages';
import { FormBodyMiddleware } from './http/form-body.middleware';
import { AccountPageController } from './pages/account.controller';
import { AuditPageController } from './pages/audit.controller';
import { GenerationsPageController } from './pages/generations.controller';
import { KeysPageController } from './pages/keys.controller';
import { MembersPageController } from './pages/members.controller';
import { OverviewPageController } from './pages/overview.controller';
import { SigningPageController } from './pages/signing.controller';
import { WebhooksPageController } from './pages/webhooks.controller';
import { DashboardContextLoader } from './session/dashboard-context.loader';
import { DashboardSessionGuard } from './session/dashboard-session.guard';
import { OwnerOnlyGuard } from './session/owner-only.guard';
import { ViewRenderer } from './view-renderer';

/**
 * The dashboard at /dashboard (DECISIONS section 10): server-rendered pages, one controller per
 * page. Page controllers are listed here, after the shell's own.
 */
const PAGE_CONTROLLERS = [
  SignInController,
  SsoController,
  ResetPasswordController,
  ForgotPasswordController,
  SessionController,
  AccountPageController,
  // Page controllers (helpers C, D, E): one line each below.
  KeysPageController,
  MembersPageController,
  WebhooksPageController,
  OverviewPageController,
  GenerationsPageController,
  SigningPageController,
  AuditPageController,
];

@Module({
  imports: [AccountsModule, WorkspacesModule, HistoryModule, WebhooksModule, BatchesModule, SignaturesModule],
  controllers: [AssetsController, ...PAGE_CONTROLLERS],
  providers: [ViewRenderer, DashboardAssets, DashboardErrorPages, SessionCookie, SignInAudit, DashboardContextLoader, DashboardSessionGuard, OwnerOnlyGuard, FormCsrfGuard, ...SSO_PROVIDERS],
  // Page modules (e.g. the templates pages) import this one: the guards need the accounts and workspaces services.
  exports: [ViewRenderer, DashboardContextLoader, DashboardSessionGuard, OwnerOnlyGuard, SessionCookie, AccountsModule, WorkspacesModule],
})
export class DashboardModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Per controller (like JsonBodyMiddleware): a catch-all path would make every method look served (405s).
    consumer.apply(FormBodyMiddleware).forRoutes(...PAGE_CONTROLLERS);
  }
}
