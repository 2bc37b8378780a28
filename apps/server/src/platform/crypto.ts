import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits as base64url: session and OTP tokens handed to clients. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps instead of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const looksLikeToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A uniformly random string of `length` digits. */
export const randomDigits = (length: number): string =>
  Array.from({ length }, () => String(randomInt(10))).join('');

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short reference a person can read aloud (no 0/O, 1/I). */
export const randomRef = (length = 4): string =>
  Array.from({ length }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');

/** Equality of two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Equality of two secrets (API keys) in constant time, whatever their lengths. */
export const sameSecret = (given: string, expected: string): boolean =>
  sameDigest(hashToken(given), hashToken(expected));
