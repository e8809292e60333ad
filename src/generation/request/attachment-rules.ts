/** The bounds of options.attachments (DECISIONS section 14). */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** The base64 length of MAX_ATTACHMENT_BYTES: one string longer than that is refused by the schema before it is decoded. */
export const MAX_ATTACHMENT_BASE64 = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4;
/** 1-100 characters (the schema's bounds), none of them a path separator. */
export const ATTACHMENT_NAME_PATTERN = '^[^/\\\\]+$';
/**
 * type/subtype as RFC 6838 restricts their names. No "$&" in it: @nestjs/swagger pastes the
 * document into /docs with String.replace, which reads "$&" as "the matched text".
 */
export const CONTENT_TYPE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9!#&$^_.+-]{0,62}/[A-Za-z0-9][A-Za-z0-9!#&$^_.+-]{0,126}$';

/** Bytes a base64 string decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
