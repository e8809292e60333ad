/** This package's version, as in package.json (a test keeps them equal); sent in the User-Agent. */
export const VERSION = '1.0.0';
