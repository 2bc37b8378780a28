import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readEnvironment } from '../src/config';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, openServerDatabase, PGLITE_EXTENSIONS } from '../src/platform/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file's database is made from (docs/decisions/040). */
    migratedTemplate: { kind: 'server'; name: string } | { kind: 'embedded'; file: string };
  }
}

/**
 * Migrates one database for the whole run, once: each test file then starts from a copy of it
 * instead of running every migration again (3.5-5.4 s per file on the embedded database). On the
 * PostgreSQL server it is a template database (CREATE DATABASE … TEMPLATE); on the embedded one,
 * a dumped data directory each file loads.
 */
export default async function setup(project: TestProject) {
  const serverUrl = readEnvironment().DATABASE_URL;
  if (serverUrl) {
    const name = `wallet_template_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openServerDatabase(url.toString(), 1);
    await handle.close();
    project.provide('migratedTemplate', { kind: 'server', name });
    return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  // Migrated in memory by the migrator start-up uses, then dumped for each file to load.
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const folder = mkdtempSync(path.join(tmpdir(), 'wallet-template-'));
  const file = path.join(folder, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('migratedTemplate', { kind: 'embedded', file });
  return () => rmSync(folder, { recursive: true, force: true });
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
