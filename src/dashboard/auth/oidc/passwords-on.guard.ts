import { CanActivate, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../../common/errors/api-error';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';

/** On a route that signs in with a password or sets one: 403 PASSWORDS_OFF under DASHBOARD_PASSWORDS=false. */
@Injectable()
export class PasswordsOnGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.dashboardPasswords) throw new ApiError('PASSWORDS_OFF');
    return true;
  }
}
