/** This package's version, sent in the `User-Agent`. A test checks it against package.json. */
export const VERSION = '0.1.0';
