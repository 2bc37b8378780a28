import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';
import { closingTermsOf, takeBack, type ClosingState } from './grant-rules';
import type { ClosingBasis, GrantTerms } from './grants.tables';

/**
 * The grants' side of the books, for `npm run ledger:check` (decision 019): no member has two
 * running grants; each credited grant has exactly its credit, of its bonus, from the operator's
 * bonus account into the member's wallet; each closed grant's recorded take-back is its closing
 * movement (or none, for 0), back into the bonus account; a running grant has no closing movement
 * unless a closing is under way; no claim waits for its credit longer than `olderThanMs`; and each
 * offer's budget counter is the sum of its grants.
 */
export async function checkGrants(db: Database, options: { olderThanMs: number }): Promise<string[]> {
  const problems: string[] = [];

  const doubled = await rowsOf<{ member_id: string; n: number }>(
    db,
    sql`select member_id::text, count(*)::int as n from promotion_grants where state = 'active'
        group by member_id having count(*) > 1`,
  );
  for (const row of doubled) problems.push(`member ${row.member_id} has ${row.n} running grants`);

  const movements = await rowsOf<{
    id: string;
    state: string;
    credited: boolean;
    closing_state: string | null;
    bonus: string;
    closed_amount: string | null;
    credit_amount: string | null;
    credit_ok: boolean | null;
    close_amount: string | null;
    close_ok: boolean | null;
    waiting: boolean;
  }>(
    db,
    sql`select g.id::text, g.state, g.credited, g.closing_state, g.bonus::text, g.closed_amount::text,
               c.amount::text as credit_amount,
               -- An offer's grant is paid from the operator's bonus account; a program's from the
               -- member's collected commission or received refunds (decision 020).
               (cd.key = case g.program when 'invite' then 'invite:' || g.member_id
                                        when 'refund' then 'refund:' || g.member_id
                                        when 'prize' then 'prize:' || g.member_id
                                        else 'operator:bonus:' || g.currency end
                and cc.key = 'wallet:' || g.member_id) as credit_ok,
               x.amount::text as close_amount,
               (xd.key = 'wallet:' || g.member_id
                and xc.key = 'operator:' || coalesce(g.program, 'bonus') || ':' || g.currency) as close_ok,
               (not g.credited and g.created_at < now() - ${options.olderThanMs} * interval '1 millisecond') as waiting
        from promotion_grants g
        left join ledger_transfers c on c.idempotency_key = 'grant:' || g.id || ':credit'
        left join ledger_accounts cd on cd.id = c.debit_account_id
        left join ledger_accounts cc on cc.id = c.credit_account_id
        left join ledger_transfers x on x.idempotency_key = 'grant:' || g.id || ':close'
        left join ledger_accounts xd on xd.id = x.debit_account_id
        left join ledger_accounts xc on xc.id = x.credit_account_id`,
  );
  for (const row of movements) {
    const grant = `grant ${row.id}`;
    if (row.credited && row.credit_amount === null)
      problems.push(`${grant} is marked credited but has no credit`);
    if (row.credit_amount !== null && row.credit_amount !== row.bonus)
      problems.push(`${grant} credited ${row.credit_amount} for a bonus of ${row.bonus}`);
    if (row.credit_ok === false)
      problems.push(`${grant}'s credit is not from its source account to the wallet`);
    if (row.waiting) problems.push(`${grant} has waited for its credit longer than allowed`);
    if (row.close_ok === false)
      problems.push(`${grant}'s take-back is not from the wallet to its operator account`);
    if (row.state === 'active') {
      if (row.close_amount !== null && row.closing_state === null)
        problems.push(`${grant} is running but has a closing movement`);
      continue;
    }
    if (row.credit_amount === null) problems.push(`${grant} is ${row.state} but was never credited`);
    if ((row.closed_amount ?? '0') !== (row.close_amount ?? '0'))
      problems.push(
        `${grant} records a take-back of ${row.closed_amount ?? 'nothing'} but the ledger holds ${row.close_amount ?? 'none'}`,
      );
  }
  problems.push(...(await checkClosingsInFlight(db)));
  // A closing that waits too long (a game's money out of reach) needs staff.
  const stuck = await rowsOf<{ id: string }>(
    db,
    sql`select id::text from promotion_grants where state = 'active' and closing_since is not null
          and closing_since < now() - ${options.olderThanMs} * interval '1 millisecond'`,
  );
  for (const row of stuck) problems.push(`grant ${row.id} has been closing for longer than allowed`);
  // Each offer's budget counter is what its grants were promised, currency by currency (decision 067).
  const budgets = await rowsOf<{ code: string; currency: string; granted: string; total: string }>(
    db,
    sql`select o.code, c.currency, coalesce((o.granted ->> c.currency)::bigint, 0)::text as granted,
          coalesce(sum(g.bonus), 0)::text as total
        from promotion_offers o cross join (values ('BAHT'), ('LAK')) as c(currency)
          left join promotion_grants g on g.offer_id = o.id and g.currency = c.currency
        group by o.id, o.code, o.granted, c.currency
        having coalesce((o.granted ->> c.currency)::bigint, 0) <> coalesce(sum(g.bonus), 0)`,
  );
  for (const row of budgets)
    problems.push(
      `offer ${row.code} counts ${row.granted} ${row.currency} granted but its grants were promised ${row.total}`,
    );
  return problems;
}

/**
 * Closings sized on everything the member held (decision 034): each fixed take-back is what the
 * rules give on its recorded basis; the money in flight it counted is the sum of the holds it
 * names; and a closed grant that took less than its amount did so only after every one of those
 * holds was answered (it waited for the money to arrive, never gave up on it).
 */
async function checkClosingsInFlight(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const rows = await rowsOf<{
    id: string;
    state: string;
    closing_state: ClosingState;
    bonus: string;
    deposit: string;
    required_turnover: string;
    terms: GrantTerms;
    closing_amount: string;
    closed_amount: string | null;
    basis: ClosingBasis;
    close_id: string | null;
    held: string | null;
    holds_found: number;
    settled_before_close: number;
  }>(
    db,
    sql`select g.id::text, g.state, g.closing_state, g.bonus::text, g.deposit::text,
               g.required_turnover::text, g.terms, g.closing_amount::text, g.closed_amount::text,
               g.closing_basis as basis, x.id::text as close_id,
               (select sum(h.amount)::text from ledger_transfers h
                where h.idempotency_key in (select jsonb_array_elements_text(g.closing_basis -> 'holds'))
                  and h.kind like 'hold:%') as held,
               (select count(*)::int from ledger_transfers h
                where h.idempotency_key in (select jsonb_array_elements_text(g.closing_basis -> 'holds'))
                  and h.kind like 'hold:%') as holds_found,
               (select count(*)::int from ledger_transfers s
                where s.idempotency_key in (select jsonb_array_elements_text(g.closing_basis -> 'holds') || ':settle')
                  and (x.id is null or s.id < x.id)) as settled_before_close
        from promotion_grants g
        left join ledger_transfers x on x.idempotency_key = 'grant:' || g.id || ':close'
        where g.closing_basis is not null and g.closing_amount is not null`,
  );
  for (const row of rows) {
    const grant = `grant ${row.id}`;
    const basis = row.basis;
    const held = BigInt(basis.wallet) + BigInt(basis.games) + BigInt(basis.inFlight);
    const terms = closingTermsOf({
      bonus: BigInt(row.bonus),
      deposit: BigInt(row.deposit),
      requiredTurnover: BigInt(row.required_turnover),
      terms: row.terms,
    });
    const due = takeBack(row.closing_state, terms, held, BigInt(basis.later), BigInt(basis.done));
    if (due.toString() !== row.closing_amount)
      problems.push(`${grant} fixed a take-back of ${row.closing_amount} where its rules give ${due}`);
    if (row.holds_found !== basis.holds.length || BigInt(row.held ?? '0') !== BigInt(basis.inFlight))
      problems.push(
        `${grant} counted ${basis.inFlight} in flight but its ${basis.holds.length} holds hold ${row.held ?? 0}`,
      );
    const closed = row.state !== 'active' && row.closed_amount !== null;
    if (closed && BigInt(row.closed_amount!) > BigInt(row.closing_amount))
      problems.push(`${grant} took ${row.closed_amount}, more than its fixed ${row.closing_amount}`);
    if (
      closed &&
      BigInt(row.closed_amount!) < BigInt(row.closing_amount) &&
      row.settled_before_close < basis.holds.length
    )
      problems.push(
        `${grant} closed with money in flight: it took ${row.closed_amount} of ${row.closing_amount} before its holds were answered`,
      );
  }
  return problems;
}
