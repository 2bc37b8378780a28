// The server's tests tagged `embedded`, run on the embedded PostgreSQL (DATABASE_URL unset): the
// default path of `npm start` (docs/decisions/040). Only the files that hold such a tag are
// handed to Vitest, so the rest are not even loaded.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tagged = /@module-tag embedded\b|tags: \['embedded'\]/;
const files = ['apps/server/src', 'apps/server/test']
  .flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true }).map((name) => path.join(folder, name)),
  )
  .filter((file) => file.endsWith('.test.ts') && tagged.test(readFileSync(path.join(root, file), 'utf8')));

const env = { ...process.env };
delete env.DATABASE_URL;
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--project',
    'server-cpu',
    '--project',
    'server-isolated',
    '--tags-filter',
    'embedded',
    ...process.argv.slice(2),
    ...files,
  ],
  { stdio: 'inherit', cwd: root, env },
);
process.exit(result.status ?? 1);
