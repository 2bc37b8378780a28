// Runs a server script through tsx in sandbox mode: how `npm start`, `npm run dev:server` and
// `npm run ledger:check` choose the sandbox (docs/decisions/016-sandbox-mode-is-chosen.md).
// The server itself defaults to production. An APP_MODE the caller set is kept: it is a choice
// too. An empty one is no choice: it counts as unset here as in config.ts, so here it means the
// sandbox (config.test.ts checks both). Arguments go to tsx
// (`node scripts/sandbox.mjs [watch] apps/server/src/main.ts`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const child = spawn(process.execPath, [tsx, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_MODE:
      process.env.APP_MODE === undefined || process.env.APP_MODE === '' ? 'sandbox' : process.env.APP_MODE,
  },
});

// NOTE: Ctrl+C reaches the child as well (same process group); this process only waits for it
// to close, and passes on a SIGTERM sent to it alone.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
