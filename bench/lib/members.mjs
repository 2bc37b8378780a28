import { randomInt, randomUUID } from 'node:crypto';
import { psql } from './shell.mjs';

/** Header every member app call carries (apps/server/src/platform/route-policy.ts). */
export const CLIENT_HEADERS = { 'x-requested-with': 'wallet-user' };

async function call(base, method, url, { body, token, idempotent = false } = {}) {
  const headers = { ...CLIENT_HEADERS };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Registers one member the way the app does (OTP sent, read from the sandbox outbox, verified;
 * account created; signed in), credits the wallet and opens a JOKER account.
 */
async function setUpMember(base, index, creditMinor) {
  const member = await registerMember(base, index);
  await fundAndOpen(base, member, creditMinor);
  return member;
}

/** Registers and signs in one member the way the app does (OTP, verify, account, sign-in). */
export async function registerMember(base, index) {
  // Thai mobile numbers and bank account numbers no one else uses in this fresh database.
  const phone = `08${String(10_000_000 + index * 7919 + randomInt(0, 7919)).slice(-8)}`;
  const { otpToken } = await call(base, 'POST', '/api/otp/send', { body: { phoneNumber: phone } });
  const outbox = await call(base, 'GET', `/api/sandbox/sms?phone=${phone}`);
  const otpCode = outbox.messages[0].code;
  await call(base, 'POST', '/api/otp/verify', { body: { otpToken, otpCode } });
  const password = 'Wallet-bench-7395';
  const { id } = await call(base, 'POST', '/api/account', {
    body: {
      name: 'Bench Member',
      username: phone,
      password,
      sourceCode: 'FACEBOOK',
      inviteCode: '',
      bankCode: 'SCB',
      bankAccountNo: `${randomInt(1, 10)}${String(index).padStart(4, '0')}${String(randomInt(0, 1e5)).padStart(5, '0')}`,
      bankAccountName: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
      otpToken,
    },
  });
  const { token } = await call(base, 'POST', '/api/login', { body: { username: phone, password } });
  return { id: Number(id), phone, token };
}

/** `count` members, `parallel` set up at a time (registration hashes passwords: CPU-heavy). */
export async function setUpMembers(base, { count, creditMinor, parallel = 4 }) {
  const members = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      members[index] = await setUpMember(base, index, creditMinor);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return members;
}

/** Credits a member's wallet (sandbox credit, through the ledger) and opens its JOKER account. */
export async function fundAndOpen(base, member, creditMinor) {
  const { token } = member;
  await call(base, 'POST', '/api/sandbox/credit', { body: { amount: creditMinor }, token, idempotent: true });
  await call(base, 'GET', '/api/wallet/activate/JOKER', { token });
}

/**
 * `count` members fast (docs/decisions/032-transfer-bench-cost.md). The first is registered,
 * credited and opens its JOKER account through the API, as the app does. The others are copies of
 * it made in SQL, each with what those calls would have written: the member (its own phone number,
 * the same password hash, so each can sign in with the same password), a bank account, a session
 * (a random 43-character token, its SHA-256 stored as the server stores it), the credit as the
 * server's own `ledger_move` from the operator's cash-in account (kind `sandbox_credit`, as
 * POST /api/sandbox/credit books it), the JOKER ledger account, the game account and the
 * provider's player. Through the API this would take minutes for 5,000 members (registration
 * hashes passwords); `ledger:check` after the load checks these books with the others.
 */
export async function seedMembers(base, databaseUrl, { count, creditMinor }) {
  const first = await registerMember(base, 0);
  await fundAndOpen(base, first, creditMinor);
  if (count <= 1) return [first];
  const rows = await psql(
    databaseUrl,
    `BEGIN;
     CREATE TEMP TABLE bench_seed AS
       WITH made AS (
         INSERT INTO members (username, name, password_hash, source_code, currency)
           SELECT '09' || lpad(g::text, 8, '0'), t.name, t.password_hash, t.source_code, t.currency
           FROM generate_series(1, ${count - 1}) g, members t WHERE t.id = ${first.id}
           RETURNING id, username, currency)
       SELECT id, username, currency, substr(md5(random()::text) || md5(random()::text), 1, 43) AS token,
              substr(md5(random()::text), 1, 12) AS game_password
       FROM made;
     INSERT INTO member_bank_accounts (member_id, bank_code, account_no, account_name)
       SELECT s.id, b.bank_code, '9' || lpad(s.id::text, 9, '0'), b.account_name
       FROM bench_seed s, member_bank_accounts b WHERE b.member_id = ${first.id};
     INSERT INTO sessions (token_hash, member_id, expires_at, client_address, user_agent)
       SELECT encode(sha256(token::bytea), 'hex'), id, now() + interval '1 day', '127.0.0.1', 'wallet-bench'
       FROM bench_seed;
     INSERT INTO ledger_accounts (key, currency)
       SELECT 'wallet:' || id, currency FROM bench_seed
       UNION ALL SELECT 'game:' || id || ':JOKER', currency FROM bench_seed;
     SELECT 1 / (count(*) FILTER (WHERE r.outcome <> 'moved') = 0)::int FROM bench_seed s,
       LATERAL ledger_move('bench-seed-' || s.id, 'operator:cash_in:' || s.currency, 'wallet:' || s.id,
         ${creditMinor}, 'sandbox_credit',
         jsonb_build_object('memberId', s.id, 'statement', '{"type":"deposit","from":"sandbox","to":"wallet"}'::jsonb),
         false, NULL) r;
     INSERT INTO sandbox_provider_players (game_code, username, password)
       SELECT 'JOKER', 'lw' || id, game_password FROM bench_seed;
     INSERT INTO game_accounts (member_id, game_code, username, password)
       SELECT id, 'JOKER', 'lw' || id, game_password FROM bench_seed;
     COMMIT;
     SELECT id || '|' || username || '|' || token FROM bench_seed ORDER BY id;`,
  );
  return [first].concat(
    rows
      .split('\n')
      .filter((line) => line.includes('|'))
      .map((line) => {
        const [id, phone, token] = line.split('|');
        return { id: Number(id), phone, token };
      }),
  );
}
