import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentiles } from './stats.mjs';
import { psql, runOrThrow } from './shell.mjs';

/**
 * pgbench on the bench database, with scripts doing in SQL alone what one ledger transfer (and
 * one HTTP transfer) does, against tables of the same shape as the ledger's (same columns,
 * checks, unique keys, foreign keys and index) but of their own: the ledger's own books are not
 * touched. The server's PL/pgSQL functions (apps/server/db/migrations/0008_ledger_move.sql and
 * 0009_sandbox_provider_transfer.sql) have copies here working on these tables.
 *
 * Account ids: 1 is the operator's one shared in-flight account of the design before decision
 * 012's commits (for the what-if script only), 2..N+1 the members' wallets (`wallet:<m>`),
 * N+2..2N+1 their game accounts (`game:<m>:JOKER`), 2N+2..3N+1 the in-flight account of each
 * wallet (`in_flight:wallet:<m>`, as `ledger.hold` opens it: after the wallet and game accounts,
 * so with the highest id of the three, and never negative).
 */

const METADATA = JSON.stringify({
  memberId: 100001,
  game: 'JOKER',
  statement: { type: 'transfer', from: 'wallet', to: 'JOKER' },
});

const TABLES =
  'bench_provider_transfers, bench_provider_players, bench_provider_faults, bench_idempotency, ' +
  'bench_game_accounts, bench_sessions, bench_member_banks, bench_members, bench_pending_holds, bench_entries, ' +
  'bench_transfers, bench_accounts';

const FUNCTIONS = 'bench_ledger_settle, bench_ledger_move, bench_provider_transfer';

/**
 * ledger_move and ledger_settle (0008_ledger_move.sql, ledger_move replaced in 0012) and sandbox_provider_transfer
 * (0009_sandbox_provider_transfer.sql) on the bench tables, made from the migrations themselves:
 * the same bodies, locks, look-ups and writes, only the tables' and functions' names changed, so
 * they cannot drift from what the server runs.
 */
const RENAMES = [
  ['sandbox_provider_transfers', 'bench_provider_transfers'],
  ['sandbox_provider_players', 'bench_provider_players'],
  ['sandbox_provider_transfer(', 'bench_provider_transfer('],
  ['ledger_pending_holds', 'bench_pending_holds'],
  ['ledger_transfers', 'bench_transfers'],
  ['ledger_accounts', 'bench_accounts'],
  ['ledger_entries', 'bench_entries'],
  ['ledger_settle(', 'bench_ledger_settle('],
  ['ledger_move(', 'bench_ledger_move('],
];
const migration = (name) =>
  readFileSync(new URL(`../../apps/server/db/migrations/${name}`, import.meta.url), 'utf8');
/** Only the CREATE [OR REPLACE] FUNCTION statements of a migration. */
const functionsOf = (text) =>
  text
    .split('--> statement-breakpoint')
    .filter((statement) => /CREATE (OR REPLACE )?FUNCTION/.test(statement))
    .join('\n');
const FUNCTIONS_SQL = RENAMES.reduce(
  (text, [from, to]) => text.replaceAll(from, to),
  [
    migration('0008_ledger_move.sql'),
    migration('0009_sandbox_provider_transfer.sql'),
    // ledger_move as it is now: 0012 replaces it (pending holds name their source and destination).
    functionsOf(migration('0012_reconciler_claims.sql')),
  ]
    .join('\n')
    .replaceAll('--> statement-breakpoint', '')
    // pgbench is not involved here (psql runs this), but keep the text plain SQL.
    .replace(/^--.*$/gm, ''),
);
// A name the renames missed would make the copies work on the server's own tables.
if (
  /(?<!bench_)(ledger_(accounts|transfers|entries|pending_holds|move|settle)|sandbox_provider_)/.test(
    FUNCTIONS_SQL,
  )
) {
  throw new Error('bench: a server table or function is left in the function copies');
}

export const SCHEMA_SQL = `
DROP FUNCTION IF EXISTS ${FUNCTIONS};
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
-- The unsettled holds, as ledger_pending_holds (0007_pending_holds.sql).
CREATE TABLE bench_pending_holds (
  transfer_id bigint PRIMARY KEY REFERENCES bench_transfers(id),
  idempotency_key text NOT NULL UNIQUE,
  source_key text,
  destination_key text,
  next_check_at timestamptz NOT NULL DEFAULT now() + interval '10 seconds',
  checks integer NOT NULL DEFAULT 0,
  leased_until timestamptz
);
CREATE INDEX bench_pending_holds_source ON bench_pending_holds (source_key);
CREATE INDEX bench_pending_holds_destination ON bench_pending_holds (destination_key);
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
${FUNCTIONS_SQL}`;

const seedSql = (members) => `
INSERT INTO bench_accounts (id, key, currency, allow_negative, balance)
  VALUES (1, 'operator:in_flight:BAHT', 'BAHT', true, 0);
INSERT INTO bench_accounts (id, key, currency, balance)
  SELECT 1 + m, 'wallet:' || m, 'BAHT', 100000000000 FROM generate_series(1, ${members}) m;
INSERT INTO bench_accounts (id, key, currency, balance)
  SELECT 1 + ${members} + m, 'game:' || m || ':JOKER', 'BAHT', 0 FROM generate_series(1, ${members}) m;
INSERT INTO bench_accounts (id, key, currency, allow_negative, balance)
  SELECT 1 + 2 * ${members} + m, 'in_flight:wallet:' || m, 'BAHT', false, 0 FROM generate_series(1, ${members}) m;
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

// NOTE: no ':' followed by a letter or '_' inside SQL string literals of the scripts: in extended
// mode pgbench takes ':word' for a variable even there (and aborts the client when it is not
// one). `text()` below writes such strings as pieces that each end at a ':' ('in_flight:' ||
// 'wallet:'); keys made up here use '-' instead. checkScripts() refuses a script that breaks this.

/** A SQL string expression for `value`, safe in a pgbench script: 'a:b' becomes 'a:' || 'b'. */
const text = (value) =>
  value
    .split(/(?<=:)/)
    .map((piece) => `'${piece}'`)
    .join(' || ');

/**
 * One ledger transaction from :from to :to in plain SQL, as `move` did it before decision 012:
 * both rows locked in id order in one statement, the transfer row (unique idempotency key), both
 * entries in one statement, the two balance updates.
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
`;

/**
 * The functions answer a refusal (insufficient, no_hold...) instead of raising, as the server
 * expects; a script that moved nothing would still count as done. This division (no cost worth
 * the name) fails the statement instead, so pgbench aborts rather than report such runs.
 */
const MOVED = `1 / (outcome = 'moved')::int AS moved`;

/** The script's hold key (the server's is `m<member>:<Idempotency-Key>`). */
const HOLD_KEY = `'m' || :m || '-k' || :r`;
const WALLET = `${text('wallet:')} || :m`;
const GAME = `${text('game:')} || :m || ${text(':JOKER')}`;
/** Where `ledger.hold` holds a wallet's money since the in-flight account per source. */
const IN_FLIGHT = `${text('in_flight:wallet:')} || :m`;
/** The one in-flight account of the currency of the design before (what-if script only). */
const SHARED_IN_FLIGHT = text('operator:in_flight:BAHT');

/**
 * The two ledger statements of one wallet-to-game transfer, as `ledger.hold` and `ledger.post`
 * send them: each its own autocommit transaction, one round trip each. The hold's metadata names
 * its destination (decision 010), which the settlement reads.
 */
const holdAndPostSql = (
  inFlight,
) => `SELECT outcome, transfer_id, created_at, ${MOVED} FROM bench_ledger_move(
  ${HOLD_KEY}, ${WALLET}, ${inFlight}, 100, ${text('hold:game_deposit')},
  '${METADATA}'::jsonb || jsonb_build_object('destination', ${GAME}), true, NULL);
SELECT outcome, transfer_id, created_at, ${MOVED} FROM bench_ledger_settle(${HOLD_KEY}, true);
`;

const [HOLD_SQL, POST_SQL] = holdAndPostSql(IN_FLIGHT).split(/(?<=;\n)/);

/**
 * Every statement the server sends PostgreSQL for one HTTP transfer, in its order (6 statements,
 * each its own autocommit transaction: counted by bench/profile/instrument.mjs at commit
 * 3b63fed), on stand-in tables of the same shape: session look-up (joined to the member),
 * Idempotency-Key claim, the hold (ledger_move), the provider's transfer
 * (sandbox_provider_transfer), the post (ledger_settle), the Idempotency-Key answer. What the
 * server remembers per process (member currency, opened accounts, game username, the sandbox's
 * fault setting for a second) is not read here either.
 */
const TRANSFER_SQL = `\\set m random(1, :members)
\\set r random(1, 9000000000000000000)
SELECT s.token_hash, s.member_id, s.created_at, s.last_seen_at, s.expires_at, s.client_address, s.user_agent, mb.status
  FROM bench_sessions s JOIN bench_members mb ON mb.id = s.member_id WHERE s.token_hash = 'tok' || :m;
INSERT INTO bench_idempotency (member_id, key, fingerprint) VALUES (:m, 'k' || :r, 'fingerprint')
  ON CONFLICT DO NOTHING RETURNING key;
${HOLD_SQL}SELECT *, 1 / (status = 'applied')::int AS applied FROM bench_provider_transfer(${HOLD_KEY}, 'JOKER', 'lw' || :m, 'deposit', 100,
  now() + interval '1 hour', NULL, now());
${POST_SQL}UPDATE bench_idempotency SET response_status = 200,
  response_body = '{"status":"SUCCESS","reference":"x","amount":100}'
  WHERE member_id = :m AND key = 'k' || :r AND response_status IS NULL;
`;

/** The scripts: each pgbench "transaction" is one run of a script. */
export const SCRIPTS = {
  /** The headline comparison: one wallet-to-game ledger transfer, members spread as over HTTP. */
  'ledger-transfer': {
    description:
      'one bare ledger transaction in plain SQL (the goal’s yardstick): BEGIN; lock wallet and game rows FOR UPDATE ' +
      'in id order; insert the transfer row; insert the two entries; two balance updates; COMMIT',
    sql: PICK + moveSql(':w', ':g', 'transfer'),
  },
  /** Everything the database does for one HTTP transfer, without the server: the server's floor. */
  'transfer-sql': {
    description:
      'every statement the server sends for one HTTP transfer (6, each its own transaction: session, ' +
      'Idempotency-Key claim, hold as ledger_move, provider transfer as sandbox_provider_transfer, post as ' +
      'ledger_settle, Idempotency-Key answer), in the same order, on stand-in tables and copies of the functions: ' +
      'the database work of a transfer without the Node.js server',
    sql: TRANSFER_SQL,
  },
  /** What the HTTP transfer does in the ledger: a hold and a post, as the server does them. */
  'hold-and-post': {
    description:
      'the two ledger statements of one HTTP transfer as the server sends them: hold (ledger_move, wallet -> ' +
      'the wallet’s own in-flight account) then post (ledger_settle, in-flight -> game), one statement and ' +
      'one transaction each; transfers of different members share no row',
    sql: `\\set m random(1, :members)\n\\set r random(1, 9000000000000000000)\n${holdAndPostSql(IN_FLIGHT)}`,
  },
  /**
   * What-if: the same two statements through the one in-flight account of the currency that every
   * hold used before (not what the server does; shows what that shared row cost).
   */
  'hold-and-post-shared': {
    description:
      'what-if, the design before: hold and post as above through the one operator:in_flight:BAHT account ' +
      'shared by every member, so every transfer locks that row twice',
    sql: `\\set m random(1, :members)\n\\set r random(1, 9000000000000000000)\n${holdAndPostSql(SHARED_IN_FLIGHT)}`,
  },
};

/**
 * The lean yardstick of issue 15: two row updates and two inserts per transaction on pgbench's
 * own tables (`pgbench -i`), random rows (locked in id order, as the ledger does, so two
 * transactions never deadlock on the same pair). No keys looked up, no functions, no JSON.
 */
SCRIPTS.lean = {
  description:
    'the lean yardstick: BEGIN; two UPDATEs of random pgbench_accounts rows (in id order); two INSERTs into ' +
    'pgbench_history; COMMIT (pgbench -i tables)',
  sql: `\\set a random(1, :rows)
\\set b random(1, :rows)
\\set lo least(:a, :b)
\\set hi greatest(:a, :b)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance - 100 WHERE aid = :lo;
UPDATE pgbench_accounts SET abalance = abalance + 100 WHERE aid = :hi;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (1, 1, :lo, -100, CURRENT_TIMESTAMP);
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (1, 1, :hi, 100, CURRENT_TIMESTAMP);
END;
`,
};

/** pgbench's own tables for the lean script: `scale` x 100,000 accounts. */
export async function prepareLean(url, scale) {
  await runOrThrow('pgbench', ['-i', '-q', '-s', String(scale), url]);
  return scale * 100_000;
}

export async function dropLean(url) {
  await psql(
    url,
    'DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_tellers, pgbench_history;',
  );
}

/** Refuses a script with a ':name' inside a string literal (see the note above `text`). */
function checkScripts() {
  for (const [name, { sql }] of Object.entries(SCRIPTS)) {
    const bad = (sql.match(/'[^']*'/g) ?? []).find((literal) => /:[A-Za-z_]/.test(literal));
    if (bad) throw new Error(`pgbench script ${name}: ${bad} would be read as a pgbench variable`);
  }
}
checkScripts();

export async function prepareTables(url, members) {
  await psql(url, SCHEMA_SQL + seedSql(members));
}

export async function dropTables(url) {
  await psql(url, `DROP FUNCTION IF EXISTS ${FUNCTIONS}; DROP TABLE IF EXISTS ${TABLES};`);
}

const number = (text, pattern) => {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : null;
};

/** Runs one script; returns tps, latency (from pgbench and from the per-transaction log) and counts. */
export async function runPgbench(
  url,
  { script, clients, threads, durationSeconds, members, protocol = 'extended', defines = {} },
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  try {
    const file = path.join(dir, `${script}.sql`);
    writeFileSync(file, SCRIPTS[script].sql);
    const args = [
      '-n',
      // node-postgres, under drizzle, sends every statement with the extended protocol (unnamed).
      '-M',
      protocol,
      '-c',
      String(clients),
      '-j',
      String(threads),
      '-T',
      String(durationSeconds),
      ...Object.entries({ members, ...defines }).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
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
      protocol,
      defines: { members, ...defines },
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
