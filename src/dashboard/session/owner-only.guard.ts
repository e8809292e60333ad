import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-error';

/** After DashboardSessionGuard: only owners of the current workspace pass (403 OWNER_ONLY). */
@Injectable()
export class OwnerOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.dashboard?.role !== 'owner') throw new ApiError('OWNER_ONLY');
    return true;
  }
}

/** On a handler of a `@DashboardPage()` controller: owners only. */
export const OwnerOnly = () => UseGuards(OwnerOnlyGuard);
