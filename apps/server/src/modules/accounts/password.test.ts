import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from './password';

describe('passwords', () => {
  it('hashes with argon2id, 19 MiB and 2 passes, and verifies', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('salts every hash and never verifies against the decoy or garbage', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    expect(await verifyPassword(await decoyHash(), '')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
