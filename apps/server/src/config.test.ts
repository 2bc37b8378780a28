import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
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
});
