import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Ports the browser tests use: never taken here. */
const RESERVED_PORTS = new Set([3198, 3199]);

/** The bench runs the sandbox (its provider, its OTP outbox, its credit) on a PostgreSQL server. */
export const SANDBOX_ON_DATABASE = { APP_MODE: 'sandbox', SANDBOX_WITH_DATABASE_URL: 'yes' };
/** Every schedule stopped (each has its own interval setting: docs/decisions/042). */
export const SCHEDULES_OFF = {
  RECONCILE_INTERVAL_SECONDS: '0',
  BONUS_INTERVAL_SECONDS: '0',
  REWARDS_INTERVAL_SECONDS: '0',
  SPIN_WHEEL_INTERVAL_SECONDS: '0',
  REPORTS_INTERVAL_SECONDS: '0',
};

/** A port that is free now (asked of the system), never a reserved one. */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: given } = probe.address();
        probe.close(() => resolve(given));
      });
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

/**
 * Starts the server (apps/server/src/main.ts through tsx, as `npx tsx` would) in sandbox mode on
 * `databaseUrl`, with the settings of a load test: no reconciler timer, form and OTP limits out of the way.
 * `nodeFlags` go to node (e.g. --cpu-prof); `extraEnv` are added to the environment.
 */
export async function startServer({
  root,
  databaseUrl,
  port,
  logFile,
  nodeFlags = [],
  extraEnv = {},
  appendLog = false,
  startTimeoutMs = 60_000,
}) {
  const env = {
    ...process.env,
    ...SANDBOX_ON_DATABASE,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...SCHEDULES_OFF,
    FORM_LIMIT_PER_ADDRESS: '100000',
    OTP_DAILY_PER_ADDRESS: '100000',
    ...extraEnv,
  };
  // No database URL: the sandbox's embedded PostgreSQL (PGlite) in DATA_DIR (given in extraEnv).
  if (!databaseUrl) {
    delete env.DATABASE_URL;
    delete env.SANDBOX_WITH_DATABASE_URL;
  }
  const log = createWriteStream(logFile, { flags: appendLog ? 'a' : 'w' });
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited at start (${JSON.stringify(exited)}); see ${logFile}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server did not answer /api/health within ${startTimeoutMs / 1000} s; see ${logFile}`,
      );
    }
    await sleep(250);
  }

  return {
    base,
    pid: child.pid,
    /** Resolves with { code, signal } when the process ends, whoever ended it. */
    exit,
    /** Sends a signal (e.g. SIGKILL) now; false when the process had ended already. */
    kill(signal) {
      return exited ? false : child.kill(signal);
    },
    /** SIGTERM (the server closes and exits 0, writing a CPU profile if asked), SIGKILL after 15 s. */
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}
