import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_API_PATH } from './provider/provider-api.routes';
import { PAGES_PATH } from './provider/sandbox-provider.catalogue';

/**
 * The README lists every sandbox route (issue 31 item 21): someone trying the site finds how to
 * make a slip, pay a QR or issue a gift link without reading the source. The routes are read
 * from the sandbox's route files, so a new one that the README does not name fails here.
 */
const SANDBOX = import.meta.dirname;
const README = readFileSync(join(SANDBOX, '../../../../README.md'), 'utf8');

/** The outside systems' own APIs, which the server calls: listed, with no example each. */
const CALLED_BY_THE_SERVER = [
  `${PROVIDER_API_PATH}/`,
  `${PAGES_PATH}/`,
  '/api/sandbox/payment-api/',
  '/api/sandbox/voucher-api/',
  '/api/sandbox/slip-api/',
  '/api/sandbox/payout-api/',
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : entry.name.endsWith('.routes.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every route of the sandbox as "METHOD path", its path constants filled in. */
function sandboxRoutes(): { method: string; path: string }[] {
  const route = /app\.(get|post|put|delete)(?:<[^(]*>)?\(\s*(['`])([^'`]+)\2/g;
  return routeFiles(SANDBOX).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(route)].map((match) => ({
      method: match[1]!.toUpperCase(),
      path: match[3]!.replace('${PAGES_PATH}', PAGES_PATH).replace('${PROVIDER_API_PATH}', PROVIDER_API_PATH),
    })),
  );
}

/** The README's curl lines (a command may go on over `\` lines: its first line has the URL). */
const curls = README.split('\n').filter((line) => line.startsWith('curl '));

const calledBy = (path: string) => {
  // A `:param` stands for any one segment of the example's URL.
  const pattern = new RegExp(`/${path.slice(1).replace(/:\w+/g, '[^/?"\\s]+')}(?=[?"'\\s]|$)`);
  return curls.filter((line) => pattern.test(line));
};

describe('README sandbox helpers', () => {
  const routes = sandboxRoutes();

  it('finds the sandbox routes it checks', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/sandbox/bank/transfer' });
  });

  it('names every sandbox route', () => {
    const missing = routes.filter(
      ({ method, path }) => !README.includes(`${method} ${path}`) && calledBy(path).length === 0,
    );
    expect(missing).toEqual([]);
  });

  it('gives each helper a curl example with its method', () => {
    const helpers = routes.filter(
      ({ path }) => !CALLED_BY_THE_SERVER.some((prefix) => path.startsWith(prefix)),
    );
    const without = helpers.filter(({ method, path }) => {
      const lines = calledBy(path);
      return method === 'GET'
        ? !lines.some((line) => !line.includes('-X '))
        : !lines.some((line) => line.includes(`-X ${method} `));
    });
    expect(without).toEqual([]);
  });
});
