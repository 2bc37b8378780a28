const ms = (value) => (value === undefined || value === null ? 'n/a' : `${value} ms`);
const yes = (ok) => (ok ? 'met' : '**not met**');

function statusesOf(run) {
  const statuses = Object.entries(run.statuses ?? {})
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return `${statuses}${run.errors ? `, errors: ${run.errors}` : ''}`;
}

const cores = (run) => {
  const c = run.cpu?.coresBusy;
  return c
    ? `${c.server} / ${c.postgresBackends} / ${c.everythingElse}${run.cpu.disturbed ? ' (disturbed)' : ''}`
    : 'n/a';
};
const cpuPer = (run, who) => run.cpu?.msPerUnit?.[who] ?? 'n/a';

function httpRow(name, run) {
  return `| ${name} | ${run.transfersPerSecond} | ${ms(run.latencyMs?.p50)} | ${ms(run.latencyMs?.p99)} | ${ms(run.latencyMs?.max)} | ${cores(run)} | ${cpuPer(run, 'server')} / ${cpuPer(run, 'postgresBackends')} / ${cpuPer(run, 'total')} | ${statusesOf(run)} |`;
}

/** Per-transfer view of the instrumented server's timings (bench --profile). */
function timingLines(results) {
  const run = results.max;
  const t = run?.serverTimings;
  if (!t) return [];
  const transfers = t.routes['POST /api/wallet/transfer']?.count ?? 0;
  if (transfers === 0) return [];
  const statements = Object.entries(t.queries).reduce((sum, [, q]) => sum + q.count, 0);
  // Recorded before commit d086f30: a ledger movement was a transaction of several statements.
  const ledgerTx = t.transactions['ledger_accounts+ledger_entries+ledger_transfers'];
  const lock = t.queries['select ledger_accounts for update'];
  // Since: one statement each (decision 012), row-lock waits included in its time.
  const [hold, settle, providerTransfer] = [
    'select ledger_move',
    'select ledger_settle',
    'select sandbox_provider_transfer',
  ].map((shape) => t.queries[shape]);
  const provider = t.fetches['POST /api/sandbox/provider-api/transfers'];
  const lines = [
    '## Where the time goes (instrumented server, maximum-rate run)',
    '',
    `- ${Math.round((statements / transfers) * 10) / 10} SQL statements and ${Math.round((t.poolWait.count / transfers) * 10) / 10} pool check-outs per transfer; ` +
      `server-side time per transfer ${ms(t.routes['POST /api/wallet/transfer'].avgMs)}.`,
    ledgerTx
      ? `- Ledger transactions (hold, post): ${ledgerTx.count}, ${ms(ledgerTx.avgMs)} each on average, of which ` +
        `${ms(lock?.avgMs)} waiting in \`select … for update\` on ledger_accounts (the row locks).`
      : null,
    hold && settle
      ? `- Ledger movements, one statement each (row-lock waits included): \`ledger_move\` ${hold.count} calls, ` +
        `${ms(hold.avgMs)} on average; \`ledger_settle\` ${settle.count}, ${ms(settle.avgMs)}` +
        (providerTransfer
          ? `; the provider's \`sandbox_provider_transfer\` ${providerTransfer.count}, ${ms(providerTransfer.avgMs)}.`
          : '.')
      : null,
    `- Waiting for one of the pool’s 10 connections: ${ms(t.poolWait.avgMs)} per check-out on average (max ${ms(Math.round(t.poolWait.maxMs))}).`,
    provider
      ? `- Provider call (HTTP to the sandbox provider on the same server): ${ms(provider.avgMs)} on average.`
      : null,
    `- Event loop utilisation ${t.eventLoop.utilization}; loop delay p99 ${ms(t.eventLoop.delayP99Ms)}.`,
  ];
  const profile = run.serverCpuProfile;
  if (profile) {
    lines.push(
      `- Server CPU profile (self time, share of busy time): ${profile.selfTimeByArea
        .slice(0, 8)
        .map((entry) => `${entry.area} ${entry.percentOfBusy}%`)
        .join(', ')}.`,
    );
  }
  return [...lines, ''];
}

/** What the comparison means, for the server the run measured. */
function meaningLines(results) {
  const lines = ['## What the comparison means', ''];
  // Runs recorded with the bench of commit 3b63fed or earlier (--render of an old file): their
  // `hold-and-post` went through the one shared row, and the server then sent many more statements.
  if (results.pgbench?.['hold-and-post-sharded']) {
    return [
      ...lines,
      'One HTTP transfer is far more than one pgbench transaction: the member’s session is looked up, the',
      'Idempotency-Key row is inserted, read and finally updated, the game account and the member’s currency are',
      'read, the wallet account is “opened” (insert … on conflict + select), then three database transactions and',
      'an HTTP call: the ledger hold (wallet -> in-flight), the provider’s transfer (its own transaction, reached over',
      'HTTP on the same server), and the ledger post (in-flight -> game). pgbench’s `ledger-transfer` is one ledger',
      'transaction. A ratio of 1 would mean the HTTP path costs no more than one bare ledger transaction.',
      '`hold-and-post` is the two ledger transactions of a transfer in SQL alone, every transfer locking the one',
      'in-flight account row of the currency (the server’s first design); `hold-and-post-sharded` is the same with',
      'an in-flight account per member, to show what that one shared row costs.',
      '',
    ];
  }
  return [
    ...lines,
    'One HTTP transfer is more than one pgbench transaction: six statements, each its own transaction (no',
    'BEGIN/COMMIT), and an HTTP call. The member’s session is looked up (joined to the member), the Idempotency-Key',
    'is claimed (`insert … on conflict do nothing returning`), the ledger hold is one `ledger_move` call (wallet ->',
    'the wallet’s own in-flight account), the provider’s transfer is one `sandbox_provider_transfer` call (reached',
    'over HTTP on the same server), the ledger post is one `ledger_settle` call (in-flight -> game), and the',
    'Idempotency-Key’s answer is recorded. Three of them lock rows (two ledger accounts each for hold and post, the',
    'provider’s player row), five write. pgbench’s `ledger-transfer` is one bare ledger transaction in plain SQL. A',
    'ratio of 1 would mean the HTTP path costs no more than one bare ledger transaction. `transfer-sql` is the six',
    'statements without the server. `hold-and-post` is the hold and the post alone, as the server sends them;',
    '`hold-and-post-shared` is the same through the one in-flight account of the currency that every hold used',
    'before, to show what that shared row cost.',
    '',
  ];
}

/** The short markdown summary written next to the JSON. */
export function markdownSummary(results) {
  const { machine: m, settings: s } = results;
  const pg = results.pgbench ?? {};
  const lines = [
    `# Wallet-to-game transfers vs pgbench, ${results.date.slice(0, 10)}${s.instrumented ? ' (instrumented server: not headline numbers)' : ''}`,
    '',
    `Machine: ${m.cores} cores, ${m.cpuModel}, ${m.memoryGiB} GiB; ${m.os}; node ${m.node}; ${m.postgres.split(',')[0]}; ` +
      `${m.pgbench}; autocannon ${m.autocannon}. Commit \`${m.gitCommit?.slice(0, 12)}\`${m.gitDirty ? ' (work tree had uncommitted changes)' : ''}. ` +
      'Server, PostgreSQL and load generator on this one machine.',
    '',
    `Load: ${s.members} members, 1 baht per transfer (POST /api/wallet/transfer, wallet -> JOKER, sandbox provider at zero latency), ` +
      `members round-robin, a fresh Idempotency-Key per request; ${s.connections} connections, ${s.durationSeconds} s per run after a ${s.warmupSeconds} s warm-up.`,
    '',
    '## HTTP transfers',
    '',
    '| run | transfers/s | p50 | p99 | max | cores busy: server / postgres / others | CPU ms per transfer: server / postgres / all of the bench | statuses |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | --- |',
    results.serial ? httpRow('one connection', results.serial) : null,
    httpRow(`maximum rate (autocannon, ${s.connections} connections)`, results.max),
    httpRow(`half rate, autocannon overallRate ${results.halfRate.overallRate}/s`, results.halfRate),
    httpRow(`half rate, paced open loop ${results.halfRatePaced.rate}/s`, results.halfRatePaced),
    '',
    'Latencies are those of 200 answers, measured per response by the bench (autocannon’s own histogram keeps whole',
    'milliseconds). autocannon’s overallRate lets each connection send its share of a second back to back at the start',
    'of the second, so that "half rate" is bursts at full concurrency; the paced run sends evenly and counts latency',
    'from when each request was due. "Others" is CPU of other people’s processes (the machine is shared);',
    '"(disturbed)" marks a run during which they kept more than a quarter of a core busy: its rates and latencies',
    'are lower and higher than on a quiet machine; CPU milliseconds per transfer hardly change.',
    '',
    '## pgbench, same database, same clients and duration',
    '',
    '| script | tps | p50 | p99 | latency avg | cores busy: postgres / pgbench / others | CPU ms per run: postgres / all | failed |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | ---: |',
    ...Object.values(pg).map(
      (r) =>
        `| ${r.script} (${r.clients} clients, ${r.threads} threads) | ${r.tps} | ${ms(r.latencyMs?.p50)} | ${ms(r.latencyMs?.p99)} | ${ms(r.latencyAverageMs)} | ` +
        `${r.cpu?.coresBusy.postgresBackends} / ${r.cpu?.coresBusy.pgbench} / ${r.cpu?.coresBusy.everythingElse}${r.cpu?.disturbed ? ' (disturbed)' : ''} | ${cpuPer(r, 'postgresBackends')} / ${cpuPer(r, 'total')} | ${r.failed} |`,
    ),
    '',
    ...Object.values(pg).map((r) => `- \`${r.script}\`: ${r.description}.`),
    '',
    '## Result',
    '',
    `- Ratio (HTTP transfers/s at maximum rate / pgbench \`ledger-transfer\` tps): **${results.ratio}** — goal 0.5 or better: ${yes(results.goals.ratioAtLeast0_5)}.`,
    results.cpuCostRatio
      ? `- CPU cost ratio (all CPU of one \`ledger-transfer\` / all CPU of one HTTP transfer at maximum rate; hardly moved by other work on the machine): ${results.cpuCostRatio}.`
      : null,
    results.ratioToTransferSql !== null && results.ratioToTransferSql !== undefined
      ? `- HTTP transfers/s / pgbench \`transfer-sql\` tps (the same database work without the server): ${results.ratioToTransferSql}.`
      : null,
    `- p99 at half the maximum rate: ${ms(results.halfRate.latencyMs?.p99)} (autocannon overallRate), ${ms(results.halfRatePaced.latencyMs?.p99)} (paced) — goal under 20 ms: ` +
      `${yes(results.goals.p99Under20msAtHalfRate.autocannonOverallRate)} / ${yes(results.goals.p99Under20msAtHalfRate.pacedOpenLoop)}.`,
    `- ledger:check after the load: ${results.ledgerCheck.passed ? 'passed' : '**FAILED**'} (${results.ledgerCheck.output.split('\n').at(-1)}).`,
    `- Ledger rows written by the load: ${Object.entries(results.ledger)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')}.`,
    '',
    ...timingLines(results),
    ...meaningLines(results),
  ];
  const kept = lines.filter((line) => line !== null);
  return `${kept.filter((line, i) => !(line === '' && kept[i - 1] === '')).join('\n')}\n`;
}
