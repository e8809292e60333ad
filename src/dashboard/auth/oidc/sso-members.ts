import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../../accounts/accounts.service';
import { normalizeEmail } from '../../../accounts/account-fields';
import { ApiError } from '../../../common/errors/api-error';
import type { VerifiedIdentity } from './openid-provider';

/**
 * Who a verified identity signs in as (DECISIONS section 16): the invited member with that email,
 * only when the provider verified it. Nobody is created here, except by an invite being accepted.
 */
@Injectable()
export class SsoMembers {
  constructor(private readonly accounts: AccountsService) {}

  /** The provider's email, normalized; 400 SSO_FAILED when there is none. */
  emailOf(identity: VerifiedIdentity): string {
    const email = normalizeEmail(identity.email);
    if (email === null) throw new ApiError('SSO_FAILED', { params: { reason: 'the identity provider sent no usable email address' } });
    return email;
  }

  /** 403 SSO_EMAIL_UNVERIFIED unless the provider verified the email. */
  requireVerified(identity: VerifiedIdentity, email: string): void {
    if (!identity.emailVerified) throw new ApiError('SSO_EMAIL_UNVERIFIED', { params: { email } });
  }

  /** The member with `email`, in their first workspace; 403 SSO_NOT_INVITED for anyone else. */
  async member(email: string): Promise<{ userId: string; workspaceId: string }> {
    const account = await this.accounts.accountOf(email);
    const [first] = account ? await this.accounts.memberships(account.userId) : [];
    if (!account || !first) throw new ApiError('SSO_NOT_INVITED', { params: { email } });
    return { userId: account.userId, workspaceId: first.workspaceId };
  }

  /** Accepts the invite as `email` (400 INVALID_INVITE, 403 SSO_INVITE_OTHER_EMAIL), in the invite's workspace. */
  async acceptInvite(token: string, email: string): Promise<{ userId: string; workspaceId: string }> {
    const { workspaceId } = await this.accounts.describeInvite(token);
    const user = await this.accounts.acceptInviteVerified(token, email);
    return { userId: user.id, workspaceId };
  }
}
