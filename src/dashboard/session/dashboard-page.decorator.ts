import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DashboardSessionGuard } from './dashboard-session.guard';

/**
 * A controller of signed-in dashboard pages at `/dashboard/<path>`: every handler needs a session,
 * and every POST its CSRF token. Not part of the API's OpenAPI document.
 */
export function DashboardPage(path: string): ClassDecorator {
  return applyDecorators(Controller(`dashboard/${path}`.replace(/\/+$/, '')), UseGuards(DashboardSessionGuard), ApiExcludeController());
}
