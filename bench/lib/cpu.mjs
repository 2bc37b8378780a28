import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time by who spent it, read from /proc (Linux): the server process, the PostgreSQL
 * backends of the bench database (their process title names the database), PostgreSQL's shared
 * processes, this bench process (the load generator), pgbench, kernel threads, and every other
 * process. The machine is shared, so what other people's processes spent during a run is
 * reported too: numbers taken while they were busy are not clean.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null;
  }
}

function cmdlineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** Busy and total jiffies of the whole machine. */
function machineTicks() {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = cpu.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3] + (values[4] ?? 0); // idle + iowait
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * Samples every `everyMs` until stopped. Processes that end between samples keep the time of
 * their last sample (a pgbench backend that exits loses at most one interval).
 */
export function startCpuSampler({ serverPid, dbName, everyMs = 500, pidGroups = {}, backendGroup }) {
  const last = new Map(); // pid -> { group, first, latest }
  const groupOf = (pid) => {
    if (pid === serverPid) return 'server';
    // Processes the caller names (e.g. its load-generator children, a Redis server of its own).
    if (pidGroups[pid]) return pidGroups[pid];
    if (pid === process.pid) return 'loadGenerator';
    const cmdline = cmdlineOf(pid);
    // Kernel threads (WAL and journal flushes, network softirqs run in them too) have none.
    if (cmdline === '') return 'kernelThreads';
    if (/^(\S*\/)?pgbench /.test(cmdline)) return 'pgbench';
    if (!cmdline.startsWith('postgres:')) return 'otherProcesses';
    if (cmdline.includes(`autovacuum worker ${dbName}`)) return 'postgresShared';
    if (cmdline.includes(` ${dbName} `)) return 'postgresBackends';
    if (/: (checkpointer|background writer|walwriter)/.test(cmdline)) return 'postgresShared';
    // Backends of other databases: other people's work.
    return 'otherProcesses';
  };
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      const known = last.get(pid);
      const ticks = ticksOf(pid);
      if (ticks === null) continue;
      if (known) known.latest = ticks;
      else last.set(pid, { group: groupOf(pid), first: ticks, latest: ticks });
    }
  };
  const machineStart = machineTicks();
  const started = performance.now();
  sample();
  const firstSeen = new Set(last.keys());
  const timer = setInterval(sample, everyMs);

  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - started) / 1000;
      const machineEnd = machineTicks();
      const groups = {
        server: 0,
        postgresBackends: 0,
        postgresShared: 0,
        loadGenerator: 0,
        pgbench: 0,
        kernelThreads: 0,
        otherProcesses: 0,
      };
      for (const [pid, record] of last) {
        // A process first seen after the start started during the phase: all its time counts.
        const from = firstSeen.has(pid) ? record.first : 0;
        // A backend of the bench database may serve one of several clients (our server, the
        // provider, the bench's own queries): the caller tells which, by the backend's pid.
        const group =
          record.group === 'postgresBackends' && backendGroup
            ? (backendGroup(pid) ?? record.group)
            : record.group;
        groups[group] = (groups[group] ?? 0) + record.latest - from;
      }
      const cores = (ticks) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
      const busy = machineEnd.busy - machineStart.busy;
      const seen = Object.values(groups).reduce((sum, value) => sum + value, 0);
      const coresBusy = Object.fromEntries(
        Object.entries(groups).map(([name, ticks]) => [name, cores(ticks)]),
      );
      return {
        seconds: Math.round(seconds * 10) / 10,
        /** Average cores busy, by who. */
        coresBusy: {
          ...coresBusy,
          // Interrupts, and processes that started and ended between two samples.
          unattributed: cores(Math.max(0, busy - seen)),
          // Compatibility name used by the report: other people's processes.
          everythingElse: coresBusy.otherProcesses,
          machine: cores(busy),
        },
        /** CPU seconds by group, for per-transfer costs. */
        cpuSeconds: Object.fromEntries(
          Object.entries(groups).map(([name, ticks]) => [
            name,
            Math.round((ticks / TICKS_PER_SECOND) * 100) / 100,
          ]),
        ),
      };
    },
  };
}
