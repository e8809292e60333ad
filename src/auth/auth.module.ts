import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyGuard } from './api-key.guard';
import { OptionalApiKeyGuard } from './optional-api-key.guard';
import { RateLimiter } from './rate-limiter';

@Global()
@Module({
  imports: [WorkspacesModule],
  providers: [
    ApiKeyGuard,
    OptionalApiKeyGuard,
    AdminTokenGuard,
    // One bucket per key for the whole process, whichever controller the request reaches.
    { provide: RateLimiter, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new RateLimiter(config.rateLimitPerSecond) },
  ],
  exports: [ApiKeyGuard, OptionalApiKeyGuard, AdminTokenGuard, RateLimiter, WorkspacesModule],
})
export class AuthModule {}
