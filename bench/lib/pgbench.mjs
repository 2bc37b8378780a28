import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentiles } from './stats.mjs';
import { psql, runOrThrow } from './shell.mjs';

/**
 * pgbench on the bench database, with scripts doing in SQL alone what one ledger transfer does
 * (apps/server/src/modules/ledger/ledger.service.ts, `move`), against tables of the same shape
 * as the ledger's (same columns, checks, unique keys, foreign keys and index) but of their own:
 * the ledger's own books are not touched.
 *
 * Account ids: 1 is the operator's in-flight account (opened first, as the server opens the
 * operator accounts at start), 2..N+1 the members' wallets, N+2..2N+1 their game accounts,
 * 2N+2..3N+1 in-flight accounts of one member each (for the what-if script only).
 */

const METADATA = JSON.stringify({
  memberId: 100001,
  game: 'JOKER',
  statement: { type: 'transfer', from: 'wallet', to: 'JOKER' },
});

const TABLES =
  'bench_provider_transfers, bench_provider_players, bench_provider_faults, bench_idempotency, ' +
  'bench_game_accounts, bench_sessions, bench_member_banks, bench_members, bench_entries, bench_transfers, bench_accounts';

export const SCHEMA_SQL = `
DROP TABLE IF EXISTS ${TABLES};
CREATE TABLE bench_accounts (
  id bigint PRIMARY KEY,
  key text NOT NULL UNIQUE,
  currency text NOT NULL,
  allow_negative boolean NOT NULL DEFAULT false,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bench_accounts_not_overdrawn CHECK (allow_negative OR balance >= 0)
);
CREATE TABLE bench_transfers (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  debit_account_id bigint NOT NULL REFERENCES bench_accounts(id),
  credit_account_id bigint NOT NULL REFERENCES bench_accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE TABLE bench_entries (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES bench_transfers(id),
  account_id bigint NOT NULL REFERENCES bench_accounts(id),
  amount bigint NOT NULL,
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (balance_after = balance_before + amount)
);
CREATE INDEX bench_entries_account ON bench_entries (account_id, id);
-- For transfer-sql: stand-ins of the other tables one HTTP transfer reads or writes.
CREATE TABLE bench_members (
  id bigint PRIMARY KEY, username text NOT NULL UNIQUE, name text NOT NULL, password_hash text NOT NULL,
  source_code text NOT NULL, inviter_id bigint, currency text NOT NULL, status text NOT NULL DEFAULT 'active',
  coin bigint NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE bench_member_banks (
  member_id bigint PRIMARY KEY REFERENCES bench_members(id), bank_code text NOT NULL, account_no text NOT NULL,
  account_name text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now(), UNIQUE (bank_code, account_no)
);
CREATE TABLE bench_sessions (
  token_hash text PRIMARY KEY, member_id bigint NOT NULL REFERENCES bench_members(id),
  created_at timestamptz NOT NULL DEFAULT now(), last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL, client_address text, user_agent text
);
CREATE TABLE bench_game_accounts (
  member_id bigint NOT NULL REFERENCES bench_members(id), game_code text NOT NULL, username text NOT NULL,
  password text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (member_id, game_code)
);
CREATE TABLE bench_idempotency (
  member_id bigint NOT NULL REFERENCES bench_members(id), key text NOT NULL, fingerprint text NOT NULL,
  response_status integer, response_body jsonb, created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);
CREATE TABLE bench_provider_faults (game_code text PRIMARY KEY, mode text NOT NULL, latency_ms integer NOT NULL);
CREATE TABLE bench_provider_players (
  game_code text NOT NULL, username text NOT NULL, password text NOT NULL, balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (game_code, username)
);
CREATE TABLE bench_provider_transfers (
  id bigserial PRIMARY KEY, reference text NOT NULL UNIQUE, game_code text NOT NULL, username text NOT NULL,
  direction text NOT NULL, amount bigint NOT NULL, status text NOT NULL, reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

const seedSql = (members) => `
INSERT INTO bench_accounts (id, key, currency, allow_negative, balance)
  VALUES (1, 'operator:in_flight:BAHT', 'BAHT', true, 0);
INSERT INTO bench_accounts (id, key, currency, balance)
  SELECT 1 + m, 'wallet:' || m, 'BAHT', 100000000000 FROM generate_series(1, ${members}) m;
INSERT INTO bench_accounts (id, key, currency, balance)
  SELECT 1 + ${members} + m, 'game:' || m || ':JOKER', 'BAHT', 0 FROM generate_series(1, ${members}) m;
INSERT INTO bench_accounts (id, key, currency, allow_negative, balance)
  SELECT 1 + 2 * ${members} + m, 'operator:in_flight:BAHT:' || m, 'BAHT', true, 0 FROM generate_series(1, ${members}) m;
INSERT INTO bench_members (id, username, name, password_hash, source_code, currency)
  SELECT m, '08' || lpad(m::text, 8, '0'), 'Bench Member', 'x', 'FACEBOOK', 'BAHT' FROM generate_series(1, ${members}) m;
INSERT INTO bench_member_banks (member_id, bank_code, account_no, account_name)
  SELECT m, 'SCB', lpad(m::text, 10, '0'), 'SOMCHAI JAIDEE' FROM generate_series(1, ${members}) m;
INSERT INTO bench_sessions (token_hash, member_id, expires_at)
  SELECT 'tok' || m, m, now() + interval '1 day' FROM generate_series(1, ${members}) m;
INSERT INTO bench_game_accounts (member_id, game_code, username, password)
  SELECT m, 'JOKER', 'lw' || m, 'secret' FROM generate_series(1, ${members}) m;
INSERT INTO bench_provider_players (game_code, username, password)
  SELECT 'JOKER', 'lw' || m, 'secret' FROM generate_series(1, ${members}) m;
VACUUM ANALYZE;
`;

// NOTE: no ':' inside SQL string literals: in extended mode pgbench takes ':word' for a variable
// even there. Kinds and keys use '_' and '-' instead.

/**
 * One ledger transaction from :from to :to, as `move` does it: both rows locked in id order in
 * one statement, the transfer row (unique idempotency key), both entries in one statement, the
 * two balance updates.
 */
const moveSql = (from, to, kind) => `BEGIN;
SELECT max(balance) FILTER (WHERE id = ${from}) AS fb, max(balance) FILTER (WHERE id = ${to}) AS tb
  FROM (SELECT id, balance FROM bench_accounts WHERE id IN (${from}, ${to}) ORDER BY id FOR UPDATE) locked \\gset
INSERT INTO bench_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata)
  VALUES (gen_random_uuid()::text, ${from}, ${to}, 100, '${kind}', '${METADATA}') RETURNING id AS tid \\gset
INSERT INTO bench_entries (transfer_id, account_id, amount, balance_before, balance_after)
  VALUES (:tid, ${from}, -100, :fb, :fb::bigint - 100), (:tid, ${to}, 100, :tb, :tb::bigint + 100);
UPDATE bench_accounts SET balance = :fb::bigint - 100 WHERE id = ${from};
UPDATE bench_accounts SET balance = :tb::bigint + 100 WHERE id = ${to};
END;
`;

const PICK = `\\set m random(1, :members)
\\set w 1 + :m
\\set g 1 + :members + :m
\\set f 1 + 2 * :members + :m
`;

/**
 * One ledger transaction as \`move\` really issues it, with the idempotency look-ups before and
 * under the lock (for transfer-sql).
 */
const ledgerTxSql = (key, from, to, kind) => `BEGIN;
SELECT id, idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata, created_at
  FROM bench_transfers WHERE idempotency_key = ${key};
SELECT max(balance) FILTER (WHERE id = ${from}) AS fb, max(balance) FILTER (WHERE id = ${to}) AS tb
  FROM (SELECT id, key, currency, allow_negative, balance, created_at FROM bench_accounts
        WHERE id IN (${from}, ${to}) ORDER BY id FOR UPDATE) locked \\gset
SELECT id, idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata, created_at
  FROM bench_transfers WHERE idempotency_key = ${key};
INSERT INTO bench_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, metadata)
  VALUES (${key}, ${from}, ${to}, 100, '${kind}', '${METADATA}') RETURNING id AS tid, created_at \\gset
INSERT INTO bench_entries (transfer_id, account_id, amount, balance_before, balance_after)
  VALUES (:tid, ${from}, -100, :fb, :fb::bigint - 100), (:tid, ${to}, 100, :tb, :tb::bigint + 100);
UPDATE bench_accounts SET balance = :fb::bigint - 100 WHERE id = ${from};
UPDATE bench_accounts SET balance = :tb::bigint + 100 WHERE id = ${to};
END;
`;

/**
 * Every statement the server sends PostgreSQL for one HTTP transfer, in its order and with its
 * transaction boundaries (36 statements: counted by bench/profile/instrument.mjs), on stand-in
 * tables of the same shape: session look-up, Idempotency-Key insert and read, game account,
 * member profile, wallet "open", the hold, the provider's fault look-up and its transaction,
 * the hold's read-back, the post, the Idempotency-Key answer.
 */
const TRANSFER_SQL = `${PICK}\\set r random(1, 9000000000000000000)
SELECT s.token_hash, s.member_id, s.created_at, s.last_seen_at, s.expires_at, s.client_address, s.user_agent, mb.status
  FROM bench_sessions s JOIN bench_members mb ON mb.id = s.member_id WHERE s.token_hash = 'tok' || :m;
INSERT INTO bench_idempotency (member_id, key, fingerprint) VALUES (:m, 'k' || :r, 'fingerprint') ON CONFLICT DO NOTHING;
SELECT member_id, key, fingerprint, response_status, response_body, created_at
  FROM bench_idempotency WHERE member_id = :m AND key = 'k' || :r;
SELECT member_id, game_code, username, password, created_at FROM bench_game_accounts
  WHERE member_id = :m AND game_code = 'JOKER';
SELECT mb.*, b.* FROM bench_members mb JOIN bench_member_banks b ON b.member_id = mb.id WHERE mb.id = :m;
INSERT INTO bench_accounts (id, key, currency, allow_negative) VALUES (:w, 'wallet:' || :m, 'BAHT', false) ON CONFLICT DO NOTHING;
SELECT id, currency, allow_negative FROM bench_accounts WHERE key = 'wallet:' || :m;
${ledgerTxSql("'m' || :m || '-k' || :r", ':w', '1', 'hold_game_deposit')}SELECT game_code, mode, latency_ms FROM bench_provider_faults WHERE game_code = 'JOKER';
BEGIN;
SELECT id, reference, game_code, username, direction, amount, status, reason, created_at
  FROM bench_provider_transfers WHERE reference = 'm' || :m || '-k' || :r;
SELECT game_code, username, password, balance AS pb, created_at FROM bench_provider_players
  WHERE game_code = 'JOKER' AND username = 'lw' || :m FOR UPDATE \\gset
SELECT id, reference, game_code, username, direction, amount, status, reason, created_at
  FROM bench_provider_transfers WHERE reference = 'm' || :m || '-k' || :r;
INSERT INTO bench_provider_transfers (reference, game_code, username, direction, amount, status, reason, created_at)
  VALUES ('m' || :m || '-k' || :r, 'JOKER', 'lw' || :m, 'deposit', 100, 'applied', NULL, now());
UPDATE bench_provider_players SET balance = :pb::bigint + 100 WHERE game_code = 'JOKER' AND username = 'lw' || :m;
END;
SELECT t.*, a.key FROM bench_transfers t JOIN bench_accounts a ON a.id = t.debit_account_id
  WHERE t.idempotency_key = 'm' || :m || '-k' || :r AND t.kind LIKE 'hold%';
SELECT key FROM bench_accounts WHERE id = 1;
${ledgerTxSql("'m' || :m || '-k' || :r || '-settle'", '1', ':g', 'post_game_deposit')}UPDATE bench_idempotency SET response_status = 200,
  response_body = '{"status":"SUCCESS","reference":"x","amount":100}'
  WHERE member_id = :m AND key = 'k' || :r AND response_status IS NULL;
`;

/** The scripts: each pgbench "transaction" is one run of a script. */
export const SCRIPTS = {
  /** The headline comparison: one wallet-to-game ledger transfer, members spread as over HTTP. */
  'ledger-transfer': {
    description:
      'one ledger transaction per script: BEGIN; lock wallet and game rows FOR UPDATE in id order; ' +
      'insert the transfer row; insert the two entries; two balance updates; COMMIT',
    sql: PICK + moveSql(':w', ':g', 'transfer'),
  },
  /**
   * What the HTTP transfer does in the ledger: a hold (wallet -> in-flight) and a post
   * (in-flight -> game), two transactions that both lock the one in-flight row of the currency.
   */
  'hold-and-post': {
    description:
      'the two ledger transactions of one HTTP transfer: hold (wallet -> operator in-flight) then ' +
      'post (in-flight -> game); every transfer of every member locks the single in-flight row twice',
    sql: PICK + moveSql(':w', '1', 'hold_game_deposit') + moveSql('1', ':g', 'post_game_deposit'),
  },
  /**
   * What-if: the same two transactions with an in-flight account per member instead of one for
   * everyone (not what the server does; shows what the shared row costs).
   */
  'hold-and-post-sharded': {
    description:
      'what-if, not what the server does: hold and post as above through an in-flight account of ' +
      'the member’s own, so transfers of different members share no row',
    sql: PICK + moveSql(':w', ':f', 'hold_game_deposit') + moveSql(':f', ':g', 'post_game_deposit'),
  },
  /** Everything the database does for one HTTP transfer, without the server: the server's floor. */
  'transfer-sql': {
    description:
      'every statement the server sends for one HTTP transfer (36: session, Idempotency-Key insert/read/answer, ' +
      'game account, member profile, wallet open, hold, provider fault look-up and transaction, hold read-back, ' +
      'post), same order and transaction boundaries, on stand-in tables: the database work of a transfer ' +
      'without the Node.js server',
    sql: TRANSFER_SQL,
  },
};

export async function prepareTables(url, members) {
  await psql(url, SCHEMA_SQL + seedSql(members));
}

export async function dropTables(url) {
  await psql(url, `DROP TABLE IF EXISTS ${TABLES};`);
}

const number = (text, pattern) => {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : null;
};

/** Runs one script; returns tps, latency (from pgbench and from the per-transaction log) and counts. */
export async function runPgbench(url, { script, clients, threads, durationSeconds, members }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  try {
    const file = path.join(dir, `${script}.sql`);
    writeFileSync(file, SCRIPTS[script].sql);
    const args = [
      '-n',
      // node-postgres, under drizzle, sends every statement with the extended protocol (unnamed).
      '-M',
      'extended',
      '-c',
      String(clients),
      '-j',
      String(threads),
      '-T',
      String(durationSeconds),
      '-D',
      `members=${members}`,
      '-f',
      file,
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      url,
    ];
    const { stdout } = await runOrThrow('pgbench', args);
    // One line per transaction: client_id transaction_no time_us script_no epoch epoch_us.
    const latenciesMs = [];
    for (const name of readdirSync(dir).filter((entry) => entry.startsWith('log'))) {
      for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latenciesMs.push(Number(fields[2]) / 1000);
      }
    }
    const tps = number(stdout, /tps = ([\d.]+) \(without initial connection time\)/);
    return {
      script,
      description: SCRIPTS[script].description,
      clients,
      threads,
      durationSeconds,
      protocol: 'extended',
      transactions: number(stdout, /number of transactions actually processed: (\d+)/),
      failed: number(stdout, /number of failed transactions: (\d+)/) ?? 0,
      tps: tps === null ? null : Math.round(tps * 10) / 10,
      latencyAverageMs: number(stdout, /latency average = ([\d.]+) ms/),
      latencyMs: percentiles(latenciesMs),
      script_sql: SCRIPTS[script].sql,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
