import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Redis server of the bench's own (no persistence), so the servers run as a deployment of
 * several processes does (REDIS_URL set: the session cache's revocations and the rate limits go
 * through it) and its CPU can be counted as ours, apart from anyone else's Redis. Null when no
 * `redis-server` is on the PATH.
 */
export async function startRedis(port) {
  if (spawnSync('redis-server', ['--version']).status !== 0) return null;
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (
    spawnSync('redis-cli', ['-p', String(port), 'ping'])
      .stdout?.toString()
      .trim() !== 'PONG'
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${port}`);
    }
    await sleep(100);
  }
  return {
    pid: child.pid,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
