/** Every public endpoint answers identically under both prefixes (DECISIONS section 1). */
export const API_PREFIXES = ['api/v1', 'v1'];
