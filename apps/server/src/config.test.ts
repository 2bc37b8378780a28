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

describe('loadConfig', () => {
  it('runs the sandbox on port 3000 with the embedded database under ./data by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'sandbox', market: 'TH', port: 3000, host: '0.0.0.0' });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('honours PORT, HOST, DATA_DIR, MARKET and treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      MARKET: 'LA',
      REDIS_URL: '',
    });
    expect(config).toMatchObject({ port: 4100, host: '127.0.0.1', dataDir: '/tmp/x', market: 'LA' });
    expect(config.redisUrl).toBeUndefined();
  });

  it('takes a relative DATA_DIR from the folder npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/wallet' }).dataDir).toBe('/srv/wallet/data');
    expect(loadConfig({ INIT_CWD: '/srv/wallet', DATA_DIR: '/var/lib/wallet' }).dataDir).toBe(
      '/var/lib/wallet',
    );
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', MARKET: 'VN', DATABASE_URL: 'not a url' });
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
