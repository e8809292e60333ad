import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedWorkspace } from './authenticated-workspace';

/** The workspace ApiKeyGuard authenticated for this request. */
export const CurrentWorkspace = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedWorkspace => context.switchToHttp().getRequest<Request>().workspace!,
);
