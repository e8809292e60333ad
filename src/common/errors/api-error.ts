import { ERROR_CATALOGUE, ErrorCode } from './error-catalogue';

export interface ApiErrorOptions {
  /** Values for the `<name>` placeholders of the catalogue message. */
  params?: Record<string, string>;
  /** Extra body fields (the catalogue lists which ones a code carries). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Overrides the catalogue status where one error answers differently on another route. */
  status?: number;
  /** Logged, never sent to the client. */
  cause?: unknown;
}

/** The one exception type the API throws; the exception filter turns it into the contract's body. */
export class ApiError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    const spec = ERROR_CATALOGUE[code];
    super(fill(spec.message, options.params ?? {}), { cause: options.cause });
    this.status = options.status ?? spec.status;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/** A catalogue text with its `<name>` placeholders filled. */
export function fill(message: string, params: Record<string, string>): string {
  return message.replace(/<(\w+)>/g, (placeholder, name: string) => params[name] ?? placeholder);
}
