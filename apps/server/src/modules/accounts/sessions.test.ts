import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { registerMember } from '../../../test/members';
import { createLookupsService } from '../lookups/lookups.service';
import { createAccountsService } from './accounts.service';

const MINUTE = 60_000;

describe('session lifetimes', () => {
  let t: TestApp;
  let clock = Date.now();
  let accounts: ReturnType<typeof createAccountsService>;
  const meta = { address: '127.0.0.1', userAgent: 'test' };

  beforeAll(async () => {
    t = await createTestApp();
    accounts = createAccountsService({
      coinsOf: async () => 0,
      db: t.database.db,
      market: 'TH',
      lookups: createLookupsService({ db: t.database.db, market: 'TH', serviceStateCacheMs: 0 }),
      otp: {
        isVerified: async () => true,
        consume: async () => undefined,
        takeResetCode: () => Promise.reject(new Error('not used here')),
      },
      login: t.config.login,
      session: { idleMs: 30 * MINUTE, maxAgeMs: 120 * MINUTE },
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  it('ends a session left idle longer than the idle lifetime', async () => {
    const member = await registerMember(t.app);
    const { token } = await accounts.login(member.username, member.password, meta);
    clock += 29 * MINUTE;
    await expect(accounts.authenticator.authenticate(token)).resolves.toMatchObject({
      memberId: Number(member.id),
    });
    clock += 29 * MINUTE; // used 29 minutes ago: still alive
    await expect(accounts.authenticator.authenticate(token)).resolves.toBeTruthy();
    clock += 31 * MINUTE;
    await expect(accounts.authenticator.authenticate(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });

  it('ends a busy session at its absolute lifetime', async () => {
    const member = await registerMember(t.app);
    const { token } = await accounts.login(member.username, member.password, meta);
    // Used every 20 minutes for 100 minutes: never idle, still alive.
    for (let minutes = 20; minutes <= 100; minutes += 20) {
      clock += 20 * MINUTE;
      await expect(accounts.authenticator.authenticate(token)).resolves.toBeTruthy();
    }
    clock += 25 * MINUTE; // 125 minutes after sign-in: past the 120-minute lifetime

    await expect(accounts.authenticator.authenticate(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });
});
