import { spawn } from 'node:child_process';

/**
 * Runs a command to its end; resolves with its exit code and output. Never rejects on a
 * non-zero exit (the caller decides), only when the command cannot start.
 */
export function run(command, args, { env, cwd, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env ?? process.env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Like run, but throws with the output when the command fails. */
export async function runOrThrow(command, args, options) {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}\n${result.stderr}${result.stdout}`);
  }
  return result;
}

/** One psql call on `url` in the quiet, unaligned, tuples-only form; returns stdout trimmed. */
export async function psql(url, sql) {
  const { stdout } = await runOrThrow('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url], {
    input: sql,
  });
  return stdout.trim();
}
