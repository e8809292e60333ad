import { ApiProperty } from '@nestjs/swagger';
import { IsIn, ValidateBy } from '../../common/validation/class-validator';
import { ACCOUNT_FIELD_MESSAGES, EMAIL_MAX_LENGTH, isEmail } from '../account-fields';
import { ROLES, Role } from '../roles';

/** `POST /admin/v1/workspaces/:id/members` and `pdfgen members add`. */
export class AddMemberDto {
  @ApiProperty({ example: 'ada@example.com', maxLength: EMAIL_MAX_LENGTH, description: 'Trimmed and lower-cased' })
  @ValidateBy({ name: 'isAccountEmail', validator: { validate: isEmail } }, { message: ACCOUNT_FIELD_MESSAGES.email })
  email: string;

  @ApiProperty({ enum: ROLES, description: 'owner: manages keys, members, the webhook secret and custom templates; member: sees everything and may preview' })
  @IsIn(ROLES, { message: ACCOUNT_FIELD_MESSAGES.role })
  role: Role;
}

/** `PATCH /admin/v1/workspaces/:id/members/:userId` and `pdfgen members role`. */
export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES, description: 'The last owner who has accepted cannot be made a member (409 LAST_OWNER)' })
  @IsIn(ROLES, { message: ACCOUNT_FIELD_MESSAGES.role })
  role: Role;
}

/** A member as the operator API answers it. */
export class MemberDto {
  @ApiProperty({ format: 'uuid', description: "The user's id" }) id: string;
  @ApiProperty({ example: 'ada@example.com' }) email: string;
  @ApiProperty({ enum: ROLES }) role: string;
  @ApiProperty({ enum: ['invited', 'active'], description: 'invited until they open their invite and accept it; only then does the workspace open to them' }) status: string;
  @ApiProperty({ format: 'date-time', description: 'When they became a member' }) createdAt: string;
}

export class InvitedMemberDto extends MemberDto {
  @ApiProperty({
    example: 'https://pdf.example.com/dashboard/invite/3q2-7wXvV0mZ7n9hQk1pYbq0a2l3eQ7dXk8sFh0GmPw',
    description: 'Single use, valid 7 days; shown only in this response',
  })
  inviteUrl: string;
}

/** `POST /admin/v1/workspaces/:id/members/:userId/reset-link` and `pdfgen members reset-link`. */
export class ResetLinkDto {
  @ApiProperty({
    example: 'https://pdf.example.com/dashboard/reset-password/Jx0bq3Vt1mZ7n9hQk1pYbq0a2l3eQ7dXk8sFh0GmPw',
    description: 'Single use, valid 1 hour; shown only in this response. Using it ends every session of the person.',
  })
  resetUrl: string;

  @ApiProperty({ format: 'date-time', description: 'One hour after it was made' })
  expiresAt: string;
}
