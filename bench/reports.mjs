// The console's reports on a large database (issue 28, decision 055): seeds 50,000 members and
// 2,000,000 ledger transfers in SQL (bench/lib/reports-seed.mjs), starts the server on it, signs a
// staff owner in, and times the 30-day daily report and the dashboard's calls over HTTP: cold (no
// day built yet, every day computed from the ledger) and after the reports schedule built the closed
// days. Writes bench/results/reports-<date>[-label].{json,md}. Not run by CI.
//
// Usage: node bench/reports.mjs [--members 50000] [--transfers 2000000] [--days 60] [--runs 20]
//        [--pg postgres://postgres@127.0.0.1:5432] [--keep-db] [--label NAME]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from 'otplib';
import { machine } from './lib/machine.mjs';
import { seedSql } from './lib/reports-seed.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { psql } from './lib/shell.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const members = Number(arg('members', 50_000));
const transfers = Number(arg('transfers', 2_000_000));
const days = Number(arg('days', 60));
const runs = Number(arg('runs', 20));
const label = arg('label', '');
const adminUrl = arg('pg', process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432');
const keep = process.argv.includes('--keep-db');
const say = (line) => console.log(`[reports bench] ${line}`);

const CLIENT = { 'x-requested-with': 'wallet-user' };
const dbName = `bench_reports_${Date.now()}_${process.pid}`;
const databaseUrl = `${adminUrl}/${dbName}`;
const marketDay = (at) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Median, 95th percentile and maximum of milliseconds. */
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { runs: sorted.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) };
}

async function timed(call) {
  const started = performance.now();
  const response = await call();
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${body}`);
  return { ms: Math.round((performance.now() - started) * 10) / 10, body };
}

async function signInOwner(base) {
  const staff = {
    username: `bench-${process.pid}`,
    name: 'Bench owner',
    password: 'Bench-password-4821',
    role: 'owner',
  };
  const json = { ...CLIENT, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/sandbox/staff`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(staff),
  });
  if (!created.ok) throw new Error(`staff: ${created.status} ${await created.text()}`);
  const first = await (
    await fetch(`${base}/api/console/login`, { method: 'POST', headers: json, body: JSON.stringify(staff) })
  ).json();
  const signedIn = await fetch(`${base}/api/console/login/totp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ challenge: first.challenge, code: await generate({ secret: first.secret }) }),
  });
  if (!signedIn.ok) throw new Error(`totp: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().find((one) => one.startsWith('__Secure-wallet-staff='));
  const { csrfToken } = await signedIn.json();
  return { ...CLIENT, cookie: cookie.split(';')[0], 'x-staff-csrf': csrfToken };
}

const started = new Date();
const info = machine(root);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
info.loadAverageAtStart = loadAverage();
say(`machine: ${info.cores} cores, ${info.cpuModel}, node ${info.node}`);
await psql(adminUrl, `CREATE DATABASE ${dbName}`);
let server = null;
try {
  // The server migrates the database at start; the data goes in after, then the server is restarted
  // with the reports schedule on (every 2 s), so the closed days get built.
  const port = await freePort();
  const logFile = path.join(root, 'bench', 'results', `.reports-server-${process.pid}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  server = await startServer({
    root,
    databaseUrl,
    port,
    logFile,
    extraEnv: { REPORTS_INTERVAL_SECONDS: '0' },
  });
  await server.stop();
  say(`seeding ${members} members, ${transfers} transfers over ${days} days`);
  const seedStarted = performance.now();
  await psql(databaseUrl, seedSql({ members, transfers, days }));
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const counts = await psql(
    databaseUrl,
    `select (select count(*) from members) || ' ' || (select count(*) from ledger_transfers) || ' ' ||
            (select count(*) from ledger_entries) || ' ' || (select count(*) from play_tally) || ' ' ||
            pg_size_pretty(pg_database_size(current_database()))`,
  );
  say(`seeded in ${seedSeconds} s: members, transfers, entries, tally rows, size = ${counts}`);

  server = await startServer({
    root,
    databaseUrl,
    port,
    logFile,
    appendLog: true,
    extraEnv: { REPORTS_INTERVAL_SECONDS: '0' },
  });
  const headers = await signInOwner(server.base);
  const today = marketDay(new Date());
  const from = addDays(today, -29);
  const daily = () => fetch(`${server.base}/api/console/reports/daily?from=${from}&to=${today}`, { headers });
  const dashboard = async () => {
    const startedAt = performance.now();
    const calls = await Promise.all([
      timed(daily),
      timed(() => fetch(`${server.base}/api/console/desk/counts`, { headers })),
      timed(() => fetch(`${server.base}/api/console/me`, { headers })),
    ]);
    return { ms: Math.round((performance.now() - startedAt) * 10) / 10, calls };
  };

  say('cold: no day built, 30 days computed from the ledger and the tally');
  const cold = [];
  for (let i = 0; i < Math.min(runs, 5); i += 1) cold.push((await timed(daily)).ms);
  const sample = JSON.parse((await timed(daily)).body);

  await server.stop();
  server = await startServer({
    root,
    databaseUrl,
    port,
    logFile,
    appendLog: true,
    extraEnv: { REPORTS_INTERVAL_SECONDS: '2' },
  });
  const buildStarted = performance.now();
  for (;;) {
    const built = Number(await psql(databaseUrl, `select count(*) from report_days where day >= '${from}'`));
    if (built >= 29) break;
    if (performance.now() - buildStarted > 600_000) throw new Error(`only ${built} days built in 10 min`);
    await sleep(1_000);
  }
  const buildSeconds = Math.round((performance.now() - buildStarted) / 100) / 10;
  say(`the schedule built 29 closed days in ${buildSeconds} s (from its first tick)`);
  const warm = [];
  for (let i = 0; i < runs; i += 1) warm.push((await timed(daily)).ms);
  const screens = [];
  for (let i = 0; i < runs; i += 1) screens.push((await dashboard()).ms);
  const csv = [];
  for (let i = 0; i < 5; i += 1)
    csv.push(
      (
        await timed(() =>
          fetch(`${server.base}/api/console/reports/daily?from=${from}&to=${today}&format=csv`, { headers }),
        )
      ).ms,
    );

  const results = {
    benchmark: 'console reports: the 30-day daily report and the dashboard (issue 28)',
    label,
    date: started.toISOString(),
    machine: info,
    settings: { members, transfers, days, runs, tallyRowsPerDay: 15_000 },
    seeded: { seconds: seedSeconds, counts },
    dailyReport30Days: {
      cold: stats(cold),
      built: stats(warm),
      buildSecondsFor29Days: buildSeconds,
    },
    dashboardCalls: stats(screens),
    csv30Days: stats(csv),
    sampleToday: sample.rows.at(-1),
    loadAverageAfterTimings: loadAverage(),
    targets: { dailyReportMs: 1000, dashboardMs: 2000 },
  };
  const name = `reports-${started.toISOString().slice(0, 10)}${label ? `-${label}` : ''}`;
  const out = path.join(root, 'bench', 'results');
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(out, `${name}.md`), render(results));
  say(
    `daily 30 days cold median ${results.dailyReport30Days.cold.medianMs} ms; built median ${results.dailyReport30Days.built.medianMs} ms, p95 ${results.dailyReport30Days.built.p95Ms} ms`,
  );
  say(`dashboard calls median ${results.dashboardCalls.medianMs} ms, p95 ${results.dashboardCalls.p95Ms} ms`);
  say(`wrote bench/results/${name}.{json,md}`);
} finally {
  await server?.stop();
  if (!keep) await psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName}`);
  else say(`kept database ${dbName}`);
}

function render(r) {
  const row = (what, s) => `| ${what} | ${s.runs} | ${s.medianMs} | ${s.p95Ms} | ${s.maxMs} |`;
  return `# Console reports on ${r.settings.members.toLocaleString('en')} members and ${r.settings.transfers.toLocaleString('en')} ledger transfers

${r.date} · ${r.machine.cores} cores, ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, node ${r.machine.node} · commit ${r.machine.gitCommit}${r.machine.gitDirty ? ' (with uncommitted changes)' : ''}

Seeded with \`node bench/reports.mjs\` in ${r.seeded.seconds} s (SQL \`generate_series\`, not the API):
${r.settings.transfers.toLocaleString('en')} transfers over ${r.settings.days} days up to now, each with its two entries,
${r.settings.tallyRowsPerDay.toLocaleString('en')} play-tally rows a day. Members, transfers, entries, tally rows,
database size: ${r.seeded.counts}.

Times over HTTP on one keep-alive client, the server in sandbox mode on PostgreSQL, milliseconds:

| call | runs | median | p95 | max |
| --- | --- | --- | --- | --- |
${row('daily report, 30 days, cold (no day built: all computed from the ledger)', r.dailyReport30Days.cold)}
${row('daily report, 30 days, closed days built (the usual case)', r.dailyReport30Days.built)}
${row('dashboard: daily report + desk counts + me, in parallel', r.dashboardCalls)}
${row('daily report, 30 days, as CSV', r.csv30Days)}

Load average (1, 5, 15 min) at the start ${r.machine.loadAverageAtStart}, after the timings ${r.loadAverageAfterTimings}.

Targets: the 30-day report under ${r.targets.dailyReportMs} ms, the dashboard usable under ${r.targets.dashboardMs} ms.
The reports schedule built the 29 closed days in ${r.dailyReport30Days.buildSecondsFor29Days} s (decision 055).
`;
}
