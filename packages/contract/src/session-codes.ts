// NOTE: a module of its own: the API client of every page reads it, and the whole error catalogue
// (errors.ts) would come with it into the member's first download.

/** Codes that end the member's session: the app clears the token and goes to /login. */
export const SESSION_ENDING_CODES: readonly string[] = [
  'invalid-token',
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  // NOTE: an older server answered this Thai text ("cannot verify identity") instead of a code.
  'ไม่สามารถยืนยันตัวตนได้',
];
