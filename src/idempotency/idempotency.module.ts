import { Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service';

/** Safe retries of POST /api/v1/generate with an Idempotency-Key (DECISIONS section 11). */
@Module({ providers: [IdempotencyService], exports: [IdempotencyService] })
export class IdempotencyModule {}
