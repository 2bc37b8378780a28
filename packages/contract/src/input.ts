// Helpers of member input that need no zod, so the login page's schema (http/login.ts, built
// with zod/mini) does not pull rules.ts and the full zod with it (issue 15, decision 033).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/**
 * Digits as typed without spaces and dashes: "081-234 5678" is "0812345678" (phones, account
 * numbers). A phone written with its country code is written as at home: "+856 20 5512 3456" is
 * "02055123456", "+66 81 234 5678" is "0812345678" (issue 32 section 3).
 */
export const normalizePhone = (text: string): string =>
  text.replace(/[\s-]/g, '').replace(/^\+(?:856|66)(?=[1-9])/, '0');
