/**
 * Figures and report of bench/transfers.mjs (results version 2, issue 15; decision 032).
 *
 * Our cost per transfer = CPU of our server process(es) + CPU of the PostgreSQL backends serving
 * them, over the transfers answered 200. The cost of a pgbench run of a script = CPU of the
 * backends serving pgbench over its transactions (pgbench's own CPU, like the load generator's,
 * is the client's). The provider's process and backends, PostgreSQL's shared processes (WAL
 * writer, checkpointer...) and the bench's own queries are recorded apart, never in either.
 */

const round = (value, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

const GROUPS = [
  'server',
  'redis',
  'postgresBackends',
  'provider',
  'postgresProvider',
  'postgresShared',
  'loadGenerator',
  'pgbench',
  'postgresBench',
  'postgresUnattributed',
];

/** CPU ms per completed unit (a transfer answered 200, or a pgbench transaction), by who. */
function perUnit(phase) {
  const done = phase.statuses?.['200'] ?? phase.transactions ?? 0;
  if (!phase.cpu || done === 0) return;
  const ms = {};
  for (const who of GROUPS) {
    const seconds = phase.cpu.cpuSeconds[who] ?? 0;
    if (seconds > 0) ms[who] = round((seconds * 1000) / done);
  }
  ms.ours = round((ms.server ?? 0) + (ms.postgresBackends ?? 0) + (ms.redis ?? 0));
  phase.cpu.msPerUnit = ms;
  // The machine is shared: a phase during which other processes kept a quarter of a core busy.
  phase.cpu.disturbed = (phase.cpu.coresBusy.otherProcesses ?? 0) > 0.25;
}

export function deriveTransfers(results) {
  const http = results.http ?? {};
  const pgb = results.pgbench ?? {};
  for (const phase of [...Object.values(http), ...Object.values(pgb)]) perUnit(phase);
  const max = http.max?.transfersPerSecond ?? 0;
  const holdAndPost = pgb['hold-and-post'];
  const lean = pgb.lean;
  const cpuHttp = http.max?.cpu?.msPerUnit?.ours;
  const cpuHoldAndPost = holdAndPost?.cpu?.msPerUnit?.ours;
  const pacedP99 = http.halfPaced?.latencyMs?.p99 ?? null;
  const figures = {
    rateToHoldAndPost: holdAndPost?.tps ? round(max / holdAndPost.tps, 3) : null,
    cpuToHoldAndPost: cpuHttp && cpuHoldAndPost ? round(cpuHttp / cpuHoldAndPost, 2) : null,
    pacedP99Ms: pacedP99,
    hotToSpread: max && http.hot ? round(http.hot.transfersPerSecond / max, 3) : null,
    twoToOneProcess: max && http.maxTwo ? round(http.maxTwo.transfersPerSecond / max, 3) : null,
    // Continuity with the runs before issue 15.
    rateToLedgerTransfer: pgb['ledger-transfer']?.tps ? round(max / pgb['ledger-transfer'].tps, 3) : null,
    rateToTransferSql: pgb['transfer-sql']?.tps ? round(max / pgb['transfer-sql'].tps, 3) : null,
    ledgerTransferToLean:
      lean?.tps && pgb['ledger-transfer']?.tps ? round(pgb['ledger-transfer'].tps / lean.tps, 3) : null,
  };
  const across = results.acrossProcesses;
  const nonOk = (phase) =>
    Object.entries(phase?.statuses ?? {})
      .filter(([status]) => status !== '200')
      .reduce((sum, [, count]) => sum + count, 0) + (phase?.errors ?? 0);
  results.figures = figures;
  results.goals = {
    rateAtLeastHalfOfHoldAndPost: figures.rateToHoldAndPost !== null && figures.rateToHoldAndPost >= 0.5,
    cpuAtMostTwiceHoldAndPost: figures.cpuToHoldAndPost !== null && figures.cpuToHoldAndPost <= 2,
    pacedP99AtMost20ms: pacedP99 !== null && pacedP99 <= 20,
    hotAbove0_71OfSpread: figures.hotToSpread !== null && figures.hotToSpread > 0.71,
    twoProcessesNothingLostOrBroken:
      !!across &&
      across.lost === 0 &&
      across.replaysAnsweredTheSame === across.replaysSentToBothProcesses &&
      across.walletMovedByReplays === across.walletMovedExpected &&
      nonOk(http.maxTwo) === 0 &&
      nonOk(http.halfPacedTwo) === 0,
    ledgerCheckAfterEveryStage:
      (results.ledgerChecks ?? []).length > 0 && results.ledgerChecks.every((check) => check.passed),
  };
  const headline = ['max', 'halfPaced', 'hot', 'maxTwo'].map((k) => http[k]).filter(Boolean);
  results.busyMachine = [...headline, pgb['hold-and-post'], pgb.lean].some((phase) => phase?.cpu?.disturbed);
  return results;
}

const ms = (value) => (value === undefined || value === null ? 'n/a' : `${value}`);
const met = (ok) => (ok ? 'met' : '**not met**');
const statuses = (run) =>
  Object.entries(run.statuses ?? {})
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ') + (run.errors ? `, errors: ${run.errors}` : '');
const others = (run) =>
  `${run.cpu?.coresBusy?.otherProcesses ?? 'n/a'}${run.cpu?.disturbed ? ' (busy)' : ''}`;
const per = (run, who) => run.cpu?.msPerUnit?.[who] ?? 0;

const HTTP_ROWS = [
  ['serial', 'one connection (latency floor)'],
  ['max', 'maximum rate, 1 process, spread'],
  ['halfPaced', 'half rate, paced open loop, 1 process'],
  ['hot', 'hot member (one member), 1 process'],
  ['maxTwo', 'maximum rate, 2 processes, spread'],
  ['halfPacedTwo', 'half rate, paced, 2 processes'],
];

export function transfersMarkdown(results) {
  const { machine: m, settings: s, figures: f, goals: g, http, pgbench: pgb } = results;
  const lean = pgb.lean;
  const lines = [
    `# Transfers vs pgbench, ${results.date.slice(0, 10)}${results.label ? ` (${results.label})` : ''}`,
    '',
    `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, node ${m.node}, ${m.postgres.split(' on ')[0]}, commit ${m.gitCommit?.slice(0, 7)}${m.gitDirty ? ' (uncommitted changes)' : ''}. ` +
      `${s.members} members, ${s.connections} connections, HTTP phases ${s.durationSeconds} s, pgbench ${s.pgbenchDurationSeconds} s; ` +
      `the sandbox game provider in a process of its own. Load average at start ${m.loadAverageAtStart}, CPU pressure ${m.cpuPressureAtStart} %.`,
    '',
    results.busyMachine
      ? '**Taken on a busy machine**: other people’s processes kept more than a quarter of a core busy during some headline phases (marked "busy" below). Rates and latencies are low and noisy; CPU per transfer holds better.'
      : 'The machine was quiet (others under a quarter of a core in every headline phase).',
    '',
    '## Goals (issue 15)',
    '',
    '| goal | measured | |',
    '| --- | --- | --- |',
    `| HTTP transfers/s at the maximum rate ≥ 0.5 × pgbench \`hold-and-post\` tps | ${http.max?.transfersPerSecond} / ${pgb['hold-and-post']?.tps} = **${f.rateToHoldAndPost}** | ${met(g.rateAtLeastHalfOfHoldAndPost)} |`,
    `| CPU per HTTP transfer (server + its PostgreSQL) ≤ 2 × CPU of one \`hold-and-post\` run | ${per(http.max, 'ours')} ms / ${per(pgb['hold-and-post'], 'ours')} ms = **${f.cpuToHoldAndPost}** | ${met(g.cpuAtMostTwiceHoldAndPost)} |`,
    `| p99 ≤ 20 ms at half the maximum rate, paced open loop | **${ms(f.pacedP99Ms)} ms** at ${http.halfPaced?.rate}/s | ${met(g.pacedP99AtMost20ms)} |`,
    `| hot member / spread > 0.71 (pgledger's) | ${http.hot?.transfersPerSecond} / ${http.max?.transfersPerSecond} = **${f.hotToSpread}** | ${met(g.hotAbove0_71OfSpread)} |`,
    `| two processes: nothing lost or broken | ${JSON.stringify(results.acrossProcesses)} | ${met(g.twoProcessesNothingLostOrBroken)} |`,
    `| \`ledger:check\` after every stage | ${(results.ledgerChecks ?? []).map((c) => `${c.after}: ${c.passed ? 'passed' : 'FAILED'}`).join('; ')} | ${met(g.ledgerCheckAfterEveryStage)} |`,
    '',
    `Continuity: HTTP max / \`ledger-transfer\` = ${f.rateToLedgerTransfer}, HTTP max / \`transfer-sql\` = ${f.rateToTransferSql}; \`ledger-transfer\` / lean = ${f.ledgerTransferToLean}. Two processes / one = ${f.twoToOneProcess} (2 cores: no gain expected).`,
    '',
    '## HTTP transfers',
    '',
    'CPU ms per transfer answered 200. "ours" = server + its PostgreSQL backends + the bench’s Redis (when the servers use one); the provider (its process + its backends) and the load generator are not in it.',
    '',
    '| run | transfers/s | p50 ms | p99 ms | max ms | ours | server | its PostgreSQL | provider + its PostgreSQL | PostgreSQL shared | load generator | others (cores) | answers |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...HTTP_ROWS.filter(([key]) => http[key]).map(([key, name]) => {
      const r = http[key];
      const rate = r.rate ? ` (${r.rate}/s)` : '';
      return `| ${name}${rate} | ${r.transfersPerSecond} | ${ms(r.latencyMs?.p50)} | ${ms(r.latencyMs?.p99)} | ${ms(r.latencyMs?.max)} | **${per(r, 'ours')}** | ${per(r, 'server')} | ${per(r, 'postgresBackends')} | ${round(per(r, 'provider') + per(r, 'postgresProvider'))} | ${per(r, 'postgresShared')} | ${per(r, 'loadGenerator')} | ${others(r)} | ${statuses(r)} |`;
    }),
    '',
    '## pgbench, same database, same run',
    '',
    `${s.connections} clients, ${s.pgbenchThreads} threads. CPU ms per transaction (one run of the script) of the backends serving pgbench; lean = the lean script at the same protocol.`,
    '',
    '| script | protocol | tps | p50 ms | p99 ms | PostgreSQL CPU ms / tx | × lean tps | pgbench CPU ms / tx | others (cores) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(pgb).map(([name, r]) => {
      // The lean script at the same protocol.
      const yardstick = r.protocol === 'prepared' ? (pgb['lean, prepared'] ?? lean) : lean;
      return `| ${name} | ${r.protocol} | ${r.tps} | ${ms(r.latencyMs?.p50)} | ${ms(r.latencyMs?.p99)} | **${per(r, 'ours')}** | ${yardstick?.tps ? round(r.tps / yardstick.tps, 3) : 'n/a'} | ${per(r, 'pgbench')} | ${others(r)} |`;
    }),
    '',
    'Scripts: bench/lib/pgbench.mjs (`ledger-transfer`, `transfer-sql`, `hold-and-post`, `lean`); variants change only what their name says (bench/transfers.mjs `pgbenchPlan`).',
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** A few lines for the console at the end of `npm run bench`. */
export function transfersSummary(results) {
  const { figures: f, goals: g, http, pgbench: pgb } = results;
  const row = (name, ok, text) => `  ${ok ? 'MET    ' : 'NOT MET'}  ${name}: ${text}`;
  return [
    `Transfers bench${results.label ? ` (${results.label})` : ''}${results.busyMachine ? ' — BUSY MACHINE: rates and latencies are not clean' : ''}`,
    row(
      'rate ≥ 0.5 × hold-and-post',
      g.rateAtLeastHalfOfHoldAndPost,
      `${http.max?.transfersPerSecond}/s vs ${pgb['hold-and-post']?.tps} tps = ${f.rateToHoldAndPost}`,
    ),
    row(
      'CPU ≤ 2 × hold-and-post',
      g.cpuAtMostTwiceHoldAndPost,
      `${per(http.max, 'ours')} ms vs ${per(pgb['hold-and-post'], 'ours')} ms = ${f.cpuToHoldAndPost}`,
    ),
    row(
      'p99 ≤ 20 ms at half rate (paced)',
      g.pacedP99AtMost20ms,
      `${f.pacedP99Ms} ms at ${http.halfPaced?.rate}/s`,
    ),
    row(
      'hot member > 0.71 of spread',
      g.hotAbove0_71OfSpread,
      `${http.hot?.transfersPerSecond}/s = ${f.hotToSpread}`,
    ),
    row(
      'two processes lose nothing',
      g.twoProcessesNothingLostOrBroken,
      `${http.maxTwo?.transfersPerSecond}/s (${f.twoToOneProcess} of one)`,
    ),
    row(
      'ledger:check after every stage',
      g.ledgerCheckAfterEveryStage,
      `${(results.ledgerChecks ?? []).length} checks`,
    ),
    `  pgbench tps: ${Object.entries(pgb)
      .map(([name, r]) => `${name} ${r.tps}`)
      .join('; ')}`,
  ].join('\n');
}
