/**
 * The reports bench's data (issue 28), made in SQL with generate_series, not through the API:
 * `members` members registered over `days` days, their ledger accounts, `transfers` ledger transfers
 * spread evenly over the same days up to now (with their two entries each), and the play tally of
 * 15,000 members a day. The mix of transfers (per 100): 15 deposits (slip, QR, gift link),
 * 5 withdrawal holds and 5 posts, 20 game-transfer holds and 20 posts, 20 booked plays, 5 game to
 * wallet, 4 bonus credits, 2 take-backs, and one each of invite commission, refund, wheel prize and
 * adjustment. Balances are not kept (ledger:check is not run on it): the reports read transfers.
 */
export function seedSql({ members, transfers, days }) {
  // Players a day: 15,000 of 50,000 (fewer for a small smoke run, each member once a day).
  const players = Math.min(15_000, Math.floor(members * 0.3));
  const span = `interval '${days} days'`;
  return `
begin;
insert into members (username, name, password_hash, source_code, currency, created_at)
select '08' || lpad(g::text, 8, '0'), 'Bench member ' || g, 'x', 'web', 'BAHT',
       now() - ${span} + (g::float8 / ${members}) * ${span}
from generate_series(1, ${members}) g;

insert into ledger_accounts (key, currency, allow_negative)
select 'operator:' || name || ':BAHT', 'BAHT', true
from unnest(array['cash_in','cash_out','provider_clearing','bonus','invite','refund','prize','adjustment']) name
on conflict (key) do nothing;

insert into ledger_accounts (key, currency)
select kind || m.id, 'BAHT'
from members m, unnest(array['wallet:','in_flight:wallet:','invite:','refund:','prize:']) kind;
insert into ledger_accounts (key, currency) select 'game:' || m.id || ':JOKER', 'BAHT' from members m;

create temp table bench_accounts as
select m.id as member_id,
       max(a.id) filter (where a.key = 'wallet:' || m.id) as wallet,
       max(a.id) filter (where a.key = 'in_flight:wallet:' || m.id) as in_flight,
       max(a.id) filter (where a.key = 'game:' || m.id || ':JOKER') as game,
       max(a.id) filter (where a.key = 'invite:' || m.id) as invite,
       max(a.id) filter (where a.key = 'refund:' || m.id) as refund,
       max(a.id) filter (where a.key = 'prize:' || m.id) as prize
from members m join ledger_accounts a on a.key in ('wallet:' || m.id, 'in_flight:wallet:' || m.id,
  'game:' || m.id || ':JOKER', 'invite:' || m.id, 'refund:' || m.id, 'prize:' || m.id)
group by m.id;
create index on bench_accounts (member_id);
create temp table bench_operator as
select max(id) filter (where key = 'operator:cash_in:BAHT') as cash_in,
       max(id) filter (where key = 'operator:cash_out:BAHT') as cash_out,
       max(id) filter (where key = 'operator:provider_clearing:BAHT') as clearing,
       max(id) filter (where key = 'operator:bonus:BAHT') as bonus,
       max(id) filter (where key = 'operator:invite:BAHT') as invite,
       max(id) filter (where key = 'operator:refund:BAHT') as refund,
       max(id) filter (where key = 'operator:prize:BAHT') as prize,
       max(id) filter (where key = 'operator:adjustment:BAHT') as adjustment
from ledger_accounts where key like 'operator:%';

insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata, created_at)
select s.key,
       s.debit, s.credit, s.amount, s.kind, s.metadata, s.at
from (
  select g, (select min(id) from members) + (g * 7919) % ${members} as member_id, g % 100 as slot,
         100 + (g * 104729) % 100000 as amount,
         now() - ${span} + (g::float8 / ${transfers}) * ${span} as at
  from generate_series(1::bigint, ${transfers}) g
) t
join bench_accounts a on a.member_id = t.member_id
cross join bench_operator o
cross join lateral (
  select * from (values
    (t.slot < 15, 'deposit',
       case t.g % 3 when 0 then 'slip' when 1 then 'qr' else 'truelink' end,
       o.cash_in, a.wallet,
       jsonb_build_object('memberId', t.member_id, 'provider', 'KBANKQR',
         'statement', jsonb_build_object('type', 'deposit', 'from', 'bank', 'to', 'wallet'))),
    (t.slot between 15 and 19, 'hold:withdrawal', 'w', a.wallet, a.in_flight,
       jsonb_build_object('memberId', t.member_id, 'destination', 'operator:cash_out:BAHT',
         'statement', jsonb_build_object('type', 'withdraw', 'from', 'wallet', 'to', 'bank'))),
    (t.slot between 20 and 24, 'post:withdrawal', 'ws', a.in_flight, o.cash_out, '{}'::jsonb),
    (t.slot between 25 and 44, 'hold:game_deposit', 'g', a.wallet, a.in_flight,
       jsonb_build_object('memberId', t.member_id, 'game', 'JOKER')),
    (t.slot between 45 and 64, 'post:game_deposit', 'gs', a.in_flight, a.game, '{}'::jsonb),
    (t.slot between 65 and 84, 'play', 'p',
       case when t.g % 2 = 0 then a.game else o.clearing end,
       case when t.g % 2 = 0 then o.clearing else a.game end,
       jsonb_build_object('memberId', t.member_id, 'game', 'JOKER', 'fromRound', t.g, 'toRound', t.g + 1)),
    (t.slot between 85 and 89, 'game_withdraw', 'gw', a.game, a.wallet,
       jsonb_build_object('memberId', t.member_id, 'game', 'JOKER')),
    (t.slot between 90 and 93, 'bonus', 'b', o.bonus, a.wallet, jsonb_build_object('memberId', t.member_id)),
    (t.slot between 94 and 95, 'bonus_close', 'bc', a.wallet, o.bonus, jsonb_build_object('memberId', t.member_id)),
    (t.slot = 96, 'invite_commission', 'i', o.invite, a.invite, jsonb_build_object('memberId', t.member_id)),
    (t.slot = 97, 'refund_receive', 'r', o.refund, a.refund, jsonb_build_object('memberId', t.member_id)),
    (t.slot = 98, 'prize', 'z', o.prize, a.prize, jsonb_build_object('memberId', t.member_id)),
    (t.slot = 99, 'adjustment', 'a', o.adjustment, a.wallet,
       jsonb_build_object('memberId', t.member_id,
         'statement', jsonb_build_object('type', 'adjustment', 'from', 'operator', 'to', 'wallet')))
  ) v(chosen, kind, kind_key, debit, credit, metadata)
  where v.chosen
) s0
cross join lateral (select s0.kind, s0.debit, s0.credit, t.amount, t.at,
  -- A deposit's key is its channel's (deposit:slip:..., deposit:qr:..., deposit:truelink:...).
  case when s0.kind = 'deposit' then 'deposit:' || s0.kind_key || ':' || t.g
       else 'bench:' || t.g || ':' || s0.kind_key end as key,
  case when s0.kind = 'deposit' and s0.kind_key = 'slip' then s0.metadata - 'provider' else s0.metadata end as metadata) s
-- In time order, as a ledger is written: a day's transfers lie together on disk.
order by t.g;

insert into ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, created_at)
select id, debit_account_id, -amount, 0, -amount, created_at from ledger_transfers
union all
select id, credit_account_id, amount, 0, amount, created_at from ledger_transfers;

insert into play_tally (member_id, game_code, hour, under_grant, stakes, payouts, rounds)
select (select min(id) from members) + (k * 7919 + d * 104729) % ${members},
       case when k % 2 = 0 then 'JOKER' else 'PGSOFT' end,
       date_trunc('hour', now() - d * interval '1 day') - ((k * 31 + d) % 24) * interval '1 hour',
       k % 5 = 0, 1000 + (k * 37 + d) % 50000, (1000 + (k * 37 + d) % 50000) * (80 + (k + d) % 40) / 100,
       1 + k % 60
from generate_series(0, ${days - 1}) d, generate_series(1, ${players}) k;
commit;
analyze;
`;
}
