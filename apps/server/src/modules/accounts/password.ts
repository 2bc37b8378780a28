import { hash, verify, type Algorithm } from '@node-rs/argon2';

// NOTE: Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id
// (password.test.ts checks the hashes say $argon2id$).
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's parameters: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows: verifying against it when the phone is unknown takes the
 * same time as a real check, so response times do not tell which phones are members.
 */
let decoy: Promise<string> | null = null;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(`decoy-${Math.random()}`));

/** The hashing the accounts service uses; tests pass a wrapper that counts the work done. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  decoyHash(): Promise<string>;
}
export const argon2Hasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword, decoyHash };
