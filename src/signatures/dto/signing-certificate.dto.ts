import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateBy } from '../../common/validation/class-validator';

const P12_MESSAGE = 'p12 must be a PKCS#12 file (.p12, .pfx) in base64';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class PutSigningCertificateDto {
  @ApiProperty({ description: 'The PKCS#12 file (.p12, .pfx) holding the RSA key and its certificate chain, in base64' })
  @IsString({ message: P12_MESSAGE })
  @ValidateBy({ name: 'isP12Base64', validator: { validate: (value: unknown) => typeof value === 'string' && value.length > 0 && BASE64.test(value), defaultMessage: () => P12_MESSAGE } })
  p12: string;

  @ApiProperty({ description: 'The password that opens the file (may be empty)', example: 'correct horse battery staple' })
  @IsString({ message: 'password must be a string' })
  password: string;
}

/** All that is shown of a stored certificate: never the file, its key or its password. */
export class SigningCertificateDto {
  @ApiProperty({ example: 'CN=Acme Ltd, O=Acme Ltd, C=GB' }) subject: string;
  @ApiProperty({ example: 'CN=Example Trust Service CA, O=Example, C=BE' }) issuer: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ format: 'date-time', description: 'When it was stored' }) updatedAt: string;
}
