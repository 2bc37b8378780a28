import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteSummaryResponse } from '@wallet/contract/http/rewards';
import { inviteCodeOf } from '@wallet/contract/rules';
import { login, registerMember } from '../../../../test/members';
import { activate, booksAreSound, listen } from '../../../../test/money';
import { rewardsCalls } from '../../../../test/rewards';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { inviteFlags } from './rewards.tables';

/** Code points written out, so the spellings compared are the ones named. */
const cp = (...codes: number[]) => String.fromCodePoint(...codes);

/**
 * What the outside abuse test of issue 25 found in the invite bonus, each kept as a test: a
 * self-referral dodged by a Thai name spelt another way, or by a bank number with zeros before
 * it; commission paid on a deposit withdrawn at once. The clock is the real one (the sandbox
 * provider stamps rounds with the real time).
 */
describe('invite bonus: issue 25', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await listen(t.app);
  });
  afterAll(() => t.close());

  const { get, postAs, credit, play, toGame, member, rewards, setInvite } = rewardsCalls(() => t);
  const summary = async (token: string) =>
    (await get<InviteSummaryResponse>(token, '/api/invite/bonus')).body;
  const flagOf = async (inviteeId: number) =>
    (await t.database.db.select().from(inviteFlags).where(eq(inviteFlags.inviteeId, inviteeId)))[0];
  /** The invitee deposits 40,000 and plays all of it: commission is due unless it is a self-referral. */
  const depositAndPlay = async (token: string) => {
    await credit(token, 40_000);
    await activate(t.app, token, 'JOKER');
    await toGame(token, 'JOKER', 40_000);
    await play(token, 'JOKER', 40, 1_000, 0);
  };

  it('flags a self-referral whose Thai names differ only in how SARA AM or the marks were typed', async () => {
    await setInvite({ rule: 'deposit', percent: 5, dailyCap: 100_000, minimumClaim: 2_000 });
    const pairs = [
      // "สมชาย ใจดำ": ดำ as ด + ำ, and as ด + ํ + า.
      [`สมชาย ใจ${cp(0x0e14, 0x0e33)}`, `สมชาย ใจ${cp(0x0e14, 0x0e4d, 0x0e32)}`],
      // "มั่น": MAI HAN-AKAT then MAI EK, and MAI EK then MAI HAN-AKAT.
      [`${cp(0x0e21, 0x0e31, 0x0e48, 0x0e19)} ใจดี`, `${cp(0x0e21, 0x0e48, 0x0e31, 0x0e19)} ใจดี`],
    ];
    for (const [inviterName, inviteeName] of pairs) {
      const inviter = await member({ bankCode: 'SCB', bankAccountName: inviterName });
      const invitee = await member({
        inviteCode: inviteCodeOf(inviter.id),
        bankCode: 'KBANK',
        bankAccountName: inviteeName,
      });
      await depositAndPlay(invitee.token);
      expect((await summary(inviter.token)).amount).toBe(0);
      expect(await flagOf(invitee.id)).toMatchObject({ inviterId: inviter.id, reason: 'same_account_name' });
    }
    // The control: another name earns its inviter 5% of the deposit played.
    const inviter = await member({ bankAccountName: 'สมชาย ใจดี' });
    const friend = await member({ inviteCode: inviteCodeOf(inviter.id), bankAccountName: 'สมหญิง ใจดี' });
    await depositAndPlay(friend.token);
    expect((await summary(inviter.token)).amount).toBe(2_000);
    await booksAreSound(t.database.db);
  });

  it("flags an invitee whose account (registered before the length rule) is the inviter's with 0 before it", async () => {
    await setInvite({ rule: 'deposit', percent: 5, dailyCap: 100_000, minimumClaim: 2_000 });
    const inviter = await registerMember(t.app, { bankCode: 'SCB', bankAccountName: 'SOMCHAI JAIDEE' });
    const inviterToken = await login(t.app, inviter.username, inviter.password);
    const invitee = await registerMember(t.app, {
      inviteCode: inviteCodeOf(inviter.id),
      bankCode: 'SCB',
      bankAccountName: 'SOMSAK RAKDEE',
    });
    const inviteeId = Number(invitee.id);
    // As the old rule let it be registered ("0" + the inviter's number); registration refuses it now.
    await t.database.db.execute(
      sql`update member_bank_accounts set account_no = ${`0${inviter.bankAccountNo}`} where member_id = ${inviteeId}`,
    );
    await depositAndPlay(await login(t.app, invitee.username, invitee.password));
    expect((await summary(inviterToken)).amount).toBe(0);
    expect(await flagOf(inviteeId)).toMatchObject({ reason: 'same_bank_account' });
  });

  it('pays nothing on a deposit withdrawn at once, and pays once the invitee has played a deposit', async () => {
    await setInvite({ rule: 'deposit', percent: 5, dailyCap: 100_000, minimumClaim: 2_000 });
    const inviter = await member({ bankAccountName: 'SOMCHAI JAIDEE' });
    const invitee = await member({ inviteCode: inviteCodeOf(inviter.id), bankAccountName: 'SOMSAK RAKDEE' });
    await credit(invitee.token, 40_000);
    const out = await postAs(invitee.token, '/api/wallet/withdraw', { amount: 40_000 });
    expect([200, 202], JSON.stringify(out.body)).toContain(out.status);
    // Looked at by the inviter and by the schedule: nothing earned, nothing to claim.
    expect((await summary(inviter.token)).amount).toBe(0);
    await rewards().sweep();
    expect((await summary(inviter.token)).amount).toBe(0);
    expect((await postAs(inviter.token, '/api/invite/claim')).body.message).toBe('NO_INVITEE_PLAY_INFO');

    // Deposited again and played through: one deposit's commission, for the one deposit played.
    await depositAndPlay(invitee.token);
    await rewards().sweep();
    expect((await summary(inviter.token)).amount).toBe(2_000);
    // Played once more as much: the withdrawn deposit's money was staked too, and earns.
    await credit(invitee.token, 40_000);
    await toGame(invitee.token, 'JOKER', 40_000);
    await play(invitee.token, 'JOKER', 40, 1_000, 0);
    expect((await summary(inviter.token)).amount).toBe(4_000);
    await booksAreSound(t.database.db);
  });
});
