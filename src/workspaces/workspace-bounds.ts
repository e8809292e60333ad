/** Bounds of what operators may store, shared by the request DTOs (validation and OpenAPI) and the columns. */
export const NAME_MAX_LENGTH = 200;
export const MONTHLY_LIMIT_MAX = 1_000_000_000;
