import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { memoryRateLimiter } from '../../platform/rate-limit';
import { STAFF_PASSWORD, randomStaffUsername, totpCode } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashStaffPassword, staffDecoyHash, verifyStaffPassword } from './staff-password';
import { createStaffService, type StaffLimits } from './staff.service';

/** The service on its own, with a clock, limits and a password hasher that counts its work. */
let t: TestApp;
let clock = Date.UTC(2030, 5, 1, 12, 0, 0);
const now = () => new Date(clock);
const verified: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function service(limits: Partial<StaffLimits> = {}) {
  return createStaffService({
    db: t.database.db,
    limiter: memoryRateLimiter(() => clock),
    now,
    limits,
    passwords: {
      hash: hashStaffPassword,
      async verify(passwordHash, password) {
        verified.push(passwordHash === (await staffDecoyHash()) ? 'decoy' : 'staff');
        return verifyStaffPassword(passwordHash, password);
      },
      decoyHash: staffDecoyHash,
    },
  });
}

const from = (ip: string) => ({ ip, userAgent: 'service-test' });
const refused = (promise: Promise<unknown>, code: string) => expect(promise).rejects.toMatchObject({ code });

describe('staff service', () => {
  it('stores an argon2id hash, never the password, and refuses short passwords and taken usernames', async () => {
    const staff = service();
    const username = randomStaffUsername();
    const created = await staff.create({
      username: ` ${username.toUpperCase()} `,
      name: ' Ann ',
      password: STAFF_PASSWORD,
    });
    expect(created).toMatchObject({ username, name: 'Ann' });
    const rows = await rowsOf<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from staff_members where id = ${created.id}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(STAFF_PASSWORD);
    await refused(staff.create({ username, name: 'Again', password: STAFF_PASSWORD }), 'EXISTING_USER');
    await refused(
      staff.create({ username: randomStaffUsername(), name: 'Short', password: '11-chars-ab' }),
      'INVALID_INPUT',
    );
    await refused(
      staff.create({ username: 'bad name!', name: 'X', password: STAFF_PASSWORD }),
      'INVALID_INPUT',
    );
    await refused(
      staff.create({ username: randomStaffUsername(), name: ' ', password: STAFF_PASSWORD }),
      'INVALID_INPUT',
    );
  });

  it('does the same work for an unknown username as for a wrong password', async () => {
    const staff = service();
    const username = randomStaffUsername();
    await staff.create({ username, name: 'Ann', password: STAFF_PASSWORD });
    verified.length = 0;
    await refused(staff.login(username, 'Wrong-password-123', from('10.0.0.1')), 'STAFF_LOGIN_FAIL');
    await refused(
      staff.login(randomStaffUsername(), 'Wrong-password-123', from('10.0.0.1')),
      'STAFF_LOGIN_FAIL',
    );
    // One argon2 check each: the real hash, then the decoy.
    expect(verified).toEqual(['staff', 'decoy']);
  });

  it('holds back one address per username, not the username for everyone', async () => {
    const staff = service({ triesPerUsernameAndAddress: 3, triesPerUsername: 10, triesPerAddress: 100 });
    const username = randomStaffUsername();
    await staff.create({ username, name: 'Ann', password: STAFF_PASSWORD });
    for (let i = 0; i < 3; i += 1) {
      await refused(staff.login(username, 'Wrong-password-123', from('10.0.1.1')), 'STAFF_LOGIN_FAIL');
    }
    verified.length = 0;
    await refused(staff.login(username, STAFF_PASSWORD, from('10.0.1.1')), 'REQUEST_LIMIT');
    // Refused before any argon2 work.
    expect(verified).toEqual([]);
    // The staff member, from their own address, still signs in.
    await expect(staff.login(username, STAFF_PASSWORD, from('10.0.1.2'))).resolves.toMatchObject({
      step: 'enrol',
    });
  });

  it('counts tries under keys that hold nothing typed (a username field may hold a password)', async () => {
    const keys: string[] = [];
    const counting = memoryRateLimiter(() => clock);
    const staff = createStaffService({
      db: t.database.db,
      limiter: {
        ...counting,
        take: (key, limit, windowMs) => (keys.push(key), counting.take(key, limit, windowMs)),
      },
      now,
    });
    const typed = 'my-secret-password-typed-here';
    await refused(staff.login(typed, 'Wrong-password-123', from('10.0.4.1')), 'STAFF_LOGIN_FAIL');
    expect(keys).toHaveLength(3);
    expect(keys.join(' ')).not.toContain(typed);
  });

  it('caps a username’s tries from every address together, and one address’s tries over every username', async () => {
    const staff = service({ triesPerUsernameAndAddress: 100, triesPerUsername: 4, triesPerAddress: 6 });
    const username = randomStaffUsername();
    await staff.create({ username, name: 'Ann', password: STAFF_PASSWORD });
    for (let i = 0; i < 4; i += 1) {
      await refused(staff.login(username, 'Wrong-password-123', from(`10.0.2.${i + 1}`)), 'STAFF_LOGIN_FAIL');
    }
    await refused(staff.login(username, STAFF_PASSWORD, from('10.0.2.99')), 'REQUEST_LIMIT');

    // Six tries from one address at six usernames; the seventh, at yet another, is refused.
    for (let i = 0; i < 6; i += 1) {
      await refused(
        staff.login(randomStaffUsername(), 'Wrong-password-123', from('10.0.3.1')),
        'STAFF_LOGIN_FAIL',
      );
    }
    await refused(
      staff.login(randomStaffUsername(), 'Wrong-password-123', from('10.0.3.1')),
      'REQUEST_LIMIT',
    );
    // A refused address counts nothing against the username it tried.
    const other = randomStaffUsername();
    await staff.create({ username: other, name: 'Bo', password: STAFF_PASSWORD });
    await refused(staff.login(other, 'Wrong-password-123', from('10.0.3.1')), 'REQUEST_LIMIT');
    for (let i = 0; i < 3; i += 1) {
      await refused(staff.login(other, 'Wrong-password-123', from(`10.0.4.${i + 1}`)), 'STAFF_LOGIN_FAIL');
    }
    await expect(staff.login(other, STAFF_PASSWORD, from('10.0.4.9'))).resolves.toMatchObject({
      step: 'enrol',
    });
  });

  it('takes one of several answers given at once to one challenge, or to two with one code', async () => {
    const staff = service();
    const username = randomStaffUsername();
    await staff.create({ username, name: 'Ann', password: STAFF_PASSWORD });
    const first = await staff.login(username, STAFF_PASSWORD, from('10.0.5.1'));
    if (first.step !== 'enrol') throw new Error('expected enrolment');
    const code = await totpCode(first.secret, now());
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => staff.verifyCode(first.challenge, code, from('10.0.5.1'))),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);

    clock += 30_000;
    const [a, b] = await Promise.all([
      staff.login(username, STAFF_PASSWORD, from('10.0.5.1')),
      staff.login(username, STAFF_PASSWORD, from('10.0.5.1')),
    ]);
    const next = await totpCode(first.secret, now());
    const both = await Promise.allSettled([
      staff.verifyCode(a.challenge, next, from('10.0.5.1')),
      staff.verifyCode(b.challenge, next, from('10.0.5.1')),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = both.find((answer) => answer.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ code: 'STAFF_CODE_INVALID' });
  });
});
