import { randomInt, randomUUID } from 'node:crypto';

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
  await call(base, 'POST', '/api/sandbox/credit', { body: { amount: creditMinor }, token, idempotent: true });
  await call(base, 'GET', '/api/wallet/activate/JOKER', { token });
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

/** What the member app shows: the wallet and the JOKER balance, in minor units. */
export async function balancesOf(base, member) {
  const wallet = await call(base, 'GET', '/api/wallet', { token: member.token });
  return {
    wallet: wallet.wallet.amount,
    joker: wallet.games.find((game) => game.code === 'JOKER').amount,
  };
}
