import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { accountKey } from '../ledger/ledger.service';
import { appForFile, credit, MONEY_ENV, signedInMember } from '../../../test/money';

/**
 * Review finding (branch `review`): the large-deposit scan moves a cursor over ledger_transfers.id,
 * but ids are handed out when a transfer is written, not when it commits. A deposit that took its
 * id before another deposit and committed after the scan read past that other one is never told.
 */
const test = appForFile(MONEY_ENV);

const largeNotices = () =>
  rowsOf<{ data: { transferId: number } }>(
    test.database.db,
    sql`select data from staff_notices where kind = 'large_deposit' order by id`,
  );

describe('large deposits told to the staff chat', () => {
  it('tells of a large deposit that committed after a later movement was scanned', async () => {
    await test.services.notices.runOnce(); // the cursor starts at the ledger's end
    const slow = await signedInMember(test.app);
    const quick = await signedInMember(test.app);
    await credit(test.app, quick.token, 1_000); // both wallets are open
    await credit(test.app, slow.token, 1_000);
    const { ledger } = test.services;
    await ledger.openOperatorAccounts('BAHT');

    let slowId = 0;
    await test.database.db.transaction(async (tx) => {
      // A large deposit written (its id taken) but not committed yet: the commit waits a moment.
      slowId = (
        await ledger.transferIn(tx, {
          idempotencyKey: `review:slow-deposit:${slow.id}`,
          debit: accountKey.operator('cash_in', 'BAHT'),
          credit: accountKey.wallet(slow.id),
          amount: 6_000_000n,
          kind: 'deposit',
          metadata: { memberId: slow.id, statement: { type: 'deposit', from: 'bank', to: 'wallet' } },
        })
      ).transferId;
      // Meanwhile any other movement commits (here a bonus credited to another member), and a
      // process's notices pass runs: it reads up to that movement's id.
      await ledger.transfer({
        idempotencyKey: `review:other-move:${quick.id}`,
        debit: accountKey.operator('bonus', 'BAHT'),
        credit: accountKey.wallet(quick.id),
        amount: 1_000n,
        kind: 'bonus',
        metadata: { memberId: quick.id },
      });
      await test.services.notices.scanDeposits();
    });
    // The slow deposit is in now; the next passes run as usual, once the movements have settled
    // (DEPOSIT_SETTLED_MS later, on the database's clock: the rows are made that much older).
    await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_transfers set created_at = created_at - interval '5 minutes'`);
    });
    await test.services.notices.scanDeposits();
    await test.services.notices.scanDeposits();

    const told = (await largeNotices()).map((row) => row.data.transferId);
    expect(told).toContain(slowId);
  });
});
