import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './config';
import { PRODUCTION_ENV } from '../test/production-env';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const SANDBOX = { APP_MODE: 'sandbox' };
const { APP_MODE: _mode, ...PRODUCTION_WITHOUT_MODE } = PRODUCTION_ENV;

describe('loadConfig', () => {
  it('is production unless sandbox is chosen: an empty environment is refused as production', () => {
    const problems = problemsOf({});
    expect(problems[0]).toMatch(/^APP_MODE: unset, so production; for the sandbox run npm start/);
    expect(problems).toContain('DATABASE_URL: required when APP_MODE=production');
    expect(problems).toContain('REDIS_URL: required when APP_MODE=production');
    expect(loadConfig(PRODUCTION_WITHOUT_MODE).mode).toBe('production');
  });

  it('runs a chosen sandbox on port 3000 with the embedded database under ./data', () => {
    const config = loadConfig(SANDBOX);
    expect(config).toMatchObject({ mode: 'sandbox', market: 'TH', port: 3000, host: '0.0.0.0' });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses a sandbox on a DATABASE_URL unless SANDBOX_WITH_DATABASE_URL=yes says it is meant', () => {
    const withDatabase = { ...SANDBOX, DATABASE_URL: 'postgres://user@127.0.0.1:5432/wallet' };
    expect(problemsOf(withDatabase).join('\n')).toMatch(/SANDBOX_WITH_DATABASE_URL=yes/);
    expect(problemsOf({ ...withDatabase, SANDBOX_WITH_DATABASE_URL: 'true' }).join('\n')).toMatch(
      /SANDBOX_WITH_DATABASE_URL: must be yes/,
    );
    const meant = loadConfig({ ...withDatabase, SANDBOX_WITH_DATABASE_URL: 'yes' });
    expect([meant.mode, meant.databaseUrl]).toEqual(['sandbox', withDatabase.DATABASE_URL]);
  });

  it('refuses production without REDIS_URL: limits and queues must hold across processes', () => {
    const { REDIS_URL: _redis, ...withoutRedis } = PRODUCTION_ENV;
    expect(problemsOf(withoutRedis)).toEqual(['REDIS_URL: required when APP_MODE=production']);
  });

  it('honours PORT, HOST, DATA_DIR, MARKET and treats empty values as unset', () => {
    const config = loadConfig({
      ...SANDBOX,
      PORT: '4100',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      MARKET: 'LA',
      REDIS_URL: '',
    });
    expect(config).toMatchObject({ port: 4100, host: '127.0.0.1', dataDir: '/tmp/x', market: 'LA' });
    expect(config.redisUrl).toBeUndefined();
    // An empty APP_MODE is no choice either.
    expect(problemsOf({ APP_MODE: '' })).toContain('DATABASE_URL: required when APP_MODE=production');
  });

  it('takes a relative DATA_DIR from the folder npm was started in', () => {
    expect(loadConfig({ ...SANDBOX, INIT_CWD: '/srv/wallet' }).dataDir).toBe('/srv/wallet/data');
    expect(loadConfig({ ...SANDBOX, INIT_CWD: '/srv/wallet', DATA_DIR: '/var/lib/wallet' }).dataDir).toBe(
      '/var/lib/wallet',
    );
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ ...SANDBOX, PORT: 'eighty', MARKET: 'VN', DATABASE_URL: 'not a url' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/MARKET/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
  });

  it('refuses production without the real adapters, naming each missing one', () => {
    const problems = problemsOf({ APP_MODE: 'production' });
    for (const name of Object.keys(PRODUCTION_ENV).filter((key) => key !== 'APP_MODE')) {
      expect(problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
    }
  });

  it('accepts production when every real adapter is configured', () => {
    expect(loadConfig(PRODUCTION_ENV).mode).toBe('production');
  });

  it('refuses production without TRUST_PROXY_HOPS said, 0 included: behind a balancer 0 is one address', () => {
    const { TRUST_PROXY_HOPS: _hops, ...withoutHops } = PRODUCTION_ENV;
    const problems = problemsOf(withoutHops);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY_HOPS: required when APP_MODE=production/);
    expect(loadConfig({ ...withoutHops, TRUST_PROXY_HOPS: '0' }).trustProxyHops).toBe(0);
    expect(loadConfig({ ...withoutHops, TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(loadConfig(SANDBOX).trustProxyHops).toBe(0);
  });

  it('refuses the sign-in variables whose meaning changed, naming what to set instead', () => {
    const perPhone = problemsOf({ ...PRODUCTION_ENV, LOGIN_MAX_FAILURES_PER_PHONE: '50' });
    expect(perPhone).toHaveLength(1);
    expect(perPhone[0]).toMatch(
      /^LOGIN_MAX_FAILURES_PER_PHONE: no longer read .*set LOGIN_PHONE_BACKOFF_AFTER/,
    );
    const perAddress = problemsOf({ ...SANDBOX, LOGIN_MAX_FAILURES_PER_ADDRESS: '30' });
    expect(perAddress[0]).toMatch(
      /^LOGIN_MAX_FAILURES_PER_ADDRESS: no longer read; set LOGIN_ADDRESS_BACKOFF_AFTER/,
    );
  });

  it('throttles sign-ins as decision 015 says, by default', () => {
    expect(loadConfig(PRODUCTION_ENV).login).toEqual({
      windowMs: 15 * 60_000,
      maxFailuresPerPhoneAndAddress: 5,
      phoneBackoffAfter: 50,
      phoneForgetMs: 5 * 60_000,
      backoffMaxMs: 60_000,
      addressBackoffAfter: 100,
      busyAddressPhones: 30,
      knownForMs: 90 * 86_400_000,
    });
    const sandbox = loadConfig({ ...SANDBOX, LOGIN_PHONE_BACKOFF_AFTER: '20' }).login;
    expect(sandbox).toMatchObject({
      phoneBackoffAfter: 20,
      addressBackoffAfter: 100_000,
      busyAddressPhones: 1000,
    });
  });
});

describe('the launcher of npm start (scripts/sandbox.mjs)', () => {
  const launcher = fileURLToPath(new URL('../../../scripts/sandbox.mjs', import.meta.url));
  const folder = mkdtempSync(path.join(tmpdir(), 'launcher-'));
  const printer = path.join(folder, 'print-mode.mjs');
  writeFileSync(printer, 'process.stdout.write(JSON.stringify(process.env.APP_MODE ?? null));\n');
  /** The APP_MODE the server gets from `npm start` when the caller's is `mode` (undefined: unset). */
  const launched = (mode: string | undefined): string => {
    const { APP_MODE: _mode, ...env } = readEnvironment();
    const output = execFileSync(process.execPath, [launcher, printer], {
      env: mode === undefined ? env : { ...env, APP_MODE: mode },
      encoding: 'utf8',
    });
    return JSON.parse(output) as string;
  };

  it('agrees with the server that an empty APP_MODE is unset: npm start makes it the sandbox', () => {
    expect(launched(undefined)).toBe('sandbox');
    expect(launched('')).toBe('sandbox');
    expect(loadConfig({ APP_MODE: launched('') }).mode).toBe('sandbox');
    // A mode the caller chose is kept.
    expect(launched('production')).toBe('production');
    expect(launched('sandbox')).toBe('sandbox');
  });
});
