import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { UsageModule } from '../usage/usage.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyGuard } from './api-key.guard';
import { OptionalApiKeyGuard } from './optional-api-key.guard';
import { KEY_RATE_LIMIT, KeyRateLimit, RateLimiter } from './rate-limiter';

@Global()
@Module({
  imports: [WorkspacesModule, UsageModule],
  providers: [
    ApiKeyGuard,
    OptionalApiKeyGuard,
    AdminTokenGuard,
    // One bucket per key whichever controller the request reaches: for the process, or with REDIS_URL for every replica.
    {
      provide: KEY_RATE_LIMIT,
      inject: [APP_CONFIG, JsonLogger],
      useFactory: async (config: AppConfig, logger: JsonLogger): Promise<KeyRateLimit> => {
        if (!config.redisUrl || config.rateLimitPerSecond <= 0) return new RateLimiter(config.rateLimitPerSecond);
        // Loaded only with REDIS_URL, as BullMQ is.
        const { RedisRateLimiter } = await import('./redis-rate-limiter');
        return new RedisRateLimiter(config.rateLimitPerSecond, config.redisUrl, config.bullmqPrefix, logger);
      },
    },
  ],
  // The guards are made in each controller's module: what they inject is exported with them.
  exports: [ApiKeyGuard, OptionalApiKeyGuard, AdminTokenGuard, KEY_RATE_LIMIT, WorkspacesModule, UsageModule],
})
export class AuthModule implements OnApplicationShutdown {
  constructor(@Inject(KEY_RATE_LIMIT) private readonly rateLimit: KeyRateLimit) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rateLimit.close?.();
  }
}
