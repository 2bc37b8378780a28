import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { StaffCreate } from '@wallet/contract/http/console';
import { STAFF_ROLES } from '@wallet/contract/staff-roles';
import { readEnvironment } from '../../config';
import type { Database } from '../../platform/db/database';
import { openCommandDatabase } from './command-database';
import { AppError } from '../../platform/errors';
import { memoryRateLimiter } from '../../platform/rate-limit';
import { newStaffPassword } from './staff-password';
import { createStaffService } from './staff.service';

/**
 * npm run staff:create -- --username alice --name "Alice" [--role owner]: makes a staff member of
 * the operator console, with a role (support unless given; the first owner is made this way). The password comes from STAFF_PASSWORD, else a strong one is made and printed once.
 * The authenticator (TOTP) is enrolled at the first sign-in. Works on the database the server
 * uses: the PostgreSQL server at DATABASE_URL, else the embedded one under DATA_DIR.
 */

const USAGE =
  'usage: npm run staff:create -- --username <name> --name "<full name>" ' +
  `[--role ${STAFF_ROLES.join('|')}] (default support; password: STAFF_PASSWORD)`;

/**
 * The command itself, on a database the caller opened: answers the exit code (0 made, 1 refused,
 * 2 misused). `print` gets what a person reads; nothing secret is printed but a generated password.
 */
export async function runStaffCreate(
  args: string[],
  deps: { db: Database; password: string | undefined; print: (line: string) => void },
): Promise<number> {
  let values: { username?: string; name?: string; role?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    deps.print(`staff:create: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.username === undefined || values.name === undefined) {
    deps.print(USAGE);
    return 2;
  }
  const generated = deps.password === undefined || deps.password === '';
  const password = generated ? newStaffPassword() : deps.password!;
  const input = StaffCreate.safeParse({
    username: values.username,
    name: values.name,
    password,
    role: values.role,
  });
  if (!input.success) {
    for (const issue of input.error.issues) {
      // NOTE: the rule broken, never the password itself.
      deps.print(`staff:create: ${issue.path.join('.') || 'input'}: ${issue.message}`);
    }
    return 1;
  }
  // Sign-in limits play no part in making an account.
  const staff = createStaffService({ db: deps.db, limiter: memoryRateLimiter() });
  try {
    const created = await staff.create(input.data);
    deps.print(
      `staff:create: made staff member ${created.username} (${created.name}), id ${created.id}, role ${created.role}`,
    );
    if (generated) {
      deps.print(`staff:create: password (shown once, keep it now): ${password}`);
    }
    deps.print('staff:create: the authenticator app (TOTP) is enrolled at the first sign-in to the console');
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'EXISTING_USER') {
      deps.print(`staff:create: a staff member ${input.data.username} exists already; nothing changed`);
      return 1;
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const env = readEnvironment();
  const database = await openCommandDatabase('staff:create');
  try {
    process.exitCode = await runStaffCreate(process.argv.slice(2), {
      db: database.db,
      password: env.STAFF_PASSWORD,
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

// Run as a command (tsx staff-create.ts), not when a test imports runStaffCreate.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
