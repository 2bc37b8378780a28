import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** What a result was measured on: the machine, Node.js, and the checkout at `root`. */
export function machine(root) {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const git = (...gitArgs) => {
    try {
      return execFileSync('git', ['-C', root, ...gitArgs], { encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  };
  return {
    cores: os.availableParallelism?.() ?? os.cpus().length,
    cpuModel: model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    gitCommit: git('rev-parse', 'HEAD'),
    // Other work in the checkout (uncommitted files) is reported, not judged.
    gitDirty: (git('status', '--porcelain') ?? '') !== '',
  };
}
