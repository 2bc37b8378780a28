import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// NOTE: Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id (the
// console's tests check the stored hash says $argon2id$). The same parameters as members'
// passwords (modules/accounts/password.ts), which this module may not import.
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashStaffPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyStaffPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows: an unknown username is checked against it, so it costs the
 * same time as a wrong password and the timing does not tell which usernames exist.
 */
let decoy: Promise<string> | null = null;
export const staffDecoyHash = (): Promise<string> =>
  (decoy ??= hashStaffPassword(`decoy-${randomBytes(16).toString('hex')}`));

/** 144 random bits, 24 characters: past the 12-character rule by far, and typed once into a manager. */
export const newStaffPassword = (): string => randomBytes(18).toString('base64url');
