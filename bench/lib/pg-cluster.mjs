import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './shell.mjs';

/**
 * A PostgreSQL cluster of the bench's own (initdb, pg_ctl), in `dir`, on 127.0.0.1:`port`, so a
 * bench may stop it (`pg_ctl stop -m immediate`) and start it again without touching anyone
 * else's server. initdb refuses root: as root, every command runs as the `postgres` OS user
 * (runuser), and `dir` is given to it. The binaries come from `bin` (default /usr/local/bin) or
 * the PATH.
 */
export async function createCluster({ dir, port, bin = process.env.PG_BIN ?? '/usr/local/bin' }) {
  const tool = (name) => {
    const full = path.join(bin, name);
    return spawnSync(full, ['--version']).status === 0 ? full : name;
  };
  const initdb = tool('initdb');
  const pgCtl = tool('pg_ctl');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? ids('postgres') : null;
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  mkdirSync(dir, { recursive: true });
  if (owner) chownSync(dir, owner.uid, owner.gid);

  // As the postgres user when we are root; otherwise as ourselves.
  const as = (command, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const exec = async (command, args) => {
    const [cmd, argv] = as(command, args);
    const result = await run(cmd, argv);
    if (result.code !== 0)
      throw new Error(`${command} ${args.join(' ')} exited ${result.code}\n${result.stderr}${result.stdout}`);
    return result;
  };

  await exec(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // Loopback only; the socket in our own directory; durable commits (fsync on), as in production.
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      'shared_buffers = 64MB',
      'fsync = on',
      'synchronous_commit = on',
      '',
    ].join('\n'),
  );
  if (owner) chownSync(path.join(data, 'postgresql.auto.conf'), owner.uid, owner.gid);

  let running = false;
  const cluster = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    logFile,
    get running() {
      return running;
    },
    async start() {
      await exec(pgCtl, ['-D', data, '-l', logFile, '-w', '-t', '120', 'start']);
      running = true;
    },
    /** `mode`: smart, fast or immediate (a crash: no checkpoint, recovery at the next start). */
    async stop(mode = 'fast') {
      running = false;
      await exec(pgCtl, ['-D', data, '-m', mode, '-w', '-t', '120', 'stop']);
    },
    /** For exit handlers: stops the cluster synchronously (immediate) whatever state it is in. */
    stopNow() {
      const [cmd, argv] = as(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(cmd, argv, { stdio: 'ignore', timeout: 30_000 });
      running = false;
    },
    /** The last `lines` lines of the server's log. */
    logTail(lines = 30) {
      try {
        return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

function ids(user) {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`no ${user} OS user: initdb refuses root`);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
