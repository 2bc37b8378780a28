/** The report of bench/soak.mjs: one line of figures, and the .md written next to the .json. */

const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value ?? '—'));
const seconds = (value) =>
  value === null || value === undefined ? '—' : value === Infinity ? 'unsettled' : `${value} s`;

/** The one line printed at the end. */
export function soakLine(results) {
  const { counts, settle, ledgerCheck, violations } = results;
  return (
    `SOAK${results.label ? ` ${results.label}` : ''}: ${n(counts.operations)} operations, ` +
    `${n(counts.replays.sent)} replays (${n(counts.replays.duringRun)} during the run), ${n(counts.kills)} kills (${n(counts.unexpectedExits)} unexpected exits), ` +
    `${n(counts.postgresStops)} PostgreSQL stops, ` +
    `${n(counts.providerFaults + counts.payoutFaults)} provider faults (${n(counts.payoutFaults)} payout), ` +
    `${n(violations.total)} violations, worst settle ${seconds(settle.worstKnownSeconds)} known / ` +
    `${seconds(settle.worstUnknownSeconds)} unknown outcome (bounds ${settle.boundsSeconds.known} / ` +
    `${settle.boundsSeconds.unknown} s), ledger:check ${ledgerCheck.passed ? 'passed' : 'FAILED'}`
  );
}

const table = (rows) =>
  [`| ${rows[0].join(' | ')} |`, `| ${rows[0].map(() => '---').join(' | ')} |`]
    .concat(rows.slice(1).map((row) => `| ${row.join(' | ')} |`))
    .join('\n');

export function soakMarkdown(results) {
  const { counts, settle, answers, provider, ledgerCheck, violations, settings } = results;
  const out = [];
  out.push(`# Soak ${results.date.slice(0, 10)}${results.label ? ` (${results.label})` : ''}`);
  out.push('');
  out.push(
    `Commit \`${results.machine.gitCommit?.slice(0, 7)}\`${results.machine.gitDirty ? ' (uncommitted changes)' : ''}, ` +
      `${results.machine.cores} cores (${results.machine.cpuModel}), node ${results.machine.node}, ` +
      `load at start ${results.machine.loadAverageAtStart}. Seed ${results.seed}.`,
  );
  out.push('');
  out.push('```');
  out.push(soakLine(results));
  out.push('```');
  out.push('');
  out.push(
    `${settings.loadSecondsActual} s of load and faults, ${settings.members} members, ${settings.workers} workers; ` +
      `REFERENCE_TTL_SECONDS ${settings.money.referenceTtlSeconds}, GAME_PROVIDER_TIMEOUT_MS ` +
      `${settings.money.providerTimeoutMs}, PAYOUT_TIMEOUT_MS ${settings.money.payoutTimeoutMs}, ` +
      `RECONCILE_INTERVAL_SECONDS ${settings.money.reconcileIntervalSeconds}; Redis: ${settings.redis}.`,
  );
  out.push('');
  out.push('## Load');
  out.push('');
  out.push(
    table([
      ['operation', 'count'],
      ...Object.entries(counts.byOp).map(([op, count]) => [op, n(count)]),
      ['**all**', `**${n(counts.operations)}**`],
    ]),
  );
  out.push('');
  out.push(
    `Answers by status (every call, replays included): ${Object.entries(counts.statuses)
      .sort((a, b) => b[1] - a[1])
      .map(([status, count]) => `${status} ${n(count)}`)
      .join(', ')}.`,
  );
  out.push('');
  out.push(
    `Replays: ${n(counts.replays.sent)} sent (${n(counts.replays.concurrent)} at the same time as the first, ` +
      `${n(counts.replays.otherProcess)} to the other process, ${n(results.finalReplays.sent)} after settling), ` +
      `${n(counts.replays.answered)} answered, ${n(counts.replays.disagreed)} disagreeing.`,
  );
  out.push('');
  out.push('## Faults');
  out.push('');
  out.push(
    table([
      ['fault', 'count'],
      [
        'SIGKILL of a process',
        `${n(counts.kills)} (${Object.entries(counts.killsOf)
          .map(([who, c]) => `${who} ${c}`)
          .join(', ')})`,
      ],
      ['process exits nobody asked for (restarted)', n(counts.unexpectedExits)],
      ['starts / failed starts (retried)', `${n(counts.starts)} / ${n(counts.startFailures)}`],
      ['PostgreSQL `pg_ctl stop -m immediate`', n(counts.postgresStops)],
      ...Object.entries(counts.providerFaultsOf).map(([kind, c]) => [kind, n(c)]),
      ...Object.entries(counts.payoutFaultsOf).map(([kind, c]) => [kind, n(c)]),
    ]),
  );
  out.push('');
  if (results.crashes.length > 0) {
    out.push('Unexpected exits, by first error line of the log:');
    out.push('');
    for (const crash of results.crashes)
      out.push(`- ${crash.count} × ${crash.who.join(', ')}: \`${crash.error.replace(/`/g, "'")}\``);
    out.push('');
  }
  out.push('## Invariants');
  out.push('');
  const byType = (type) => violations.byType[type] ?? 0;
  out.push(
    table([
      ['invariant', 'result'],
      [
        'every transfer answered 200 is posted in the ledger (amount as answered)',
        `${n(answers.posted200)} of ${n(answers.answered200)} answers 200; violations ${byType('answered-200-not-posted') + byType('answered-200-wrong-amount')}`,
      ],
      [
        'a refused call moved nothing (no movement, or its hold voided)',
        `${n(answers.refused)} refusals; violations ${byType('refused-but-moved')}`,
      ],
      ['a 202 PENDING answer has its hold', `violations ${byType('answered-pending-without-hold')}`],
      [
        'replays answered alike (every final answer the same; never back to PENDING; never IDEMPOTENCY_KEY_REUSED)',
        `violations ${byType('replay-differs') + byType('replay-went-back-to-pending') + byType('same-body-refused-as-reuse')}`,
      ],
      [
        'our game account = the provider’s balance − rounds not booked yet, per member',
        `${n(provider.compared)} members compared (${n(provider.skippedPending)} skipped, money in flight); ${n(provider.differ)} differ`,
      ],
      [
        'the ledger sums to zero',
        `${n(counts.ledgerSumChecks)} checks during the run and one at the end (accounts ${results.ledgerSum.accounts}, entries ${results.ledgerSum.entries}); violations ${byType('ledger-sum')}`,
      ],
      [
        `every hold settled after the faults stopped: outcome known within ${settle.boundsSeconds.known} s, never seen within ${settle.boundsSeconds.unknown} s`,
        `${n(settle.holds)} holds (${n(settle.known)} known, ${n(settle.unknown)} never seen); worst ${seconds(settle.worstKnownSeconds)} / ${seconds(settle.worstUnknownSeconds)}; late ${byType('hold-settled-late')}, unsettled ${byType('hold-unsettled')}`,
      ],
      ['`ledger:check`', ledgerCheck.passed ? 'passed' : '**FAILED**'],
    ]),
  );
  out.push('');
  out.push(
    `Settle times (s, from the stop of the faults or when the outcome became known, whichever is later): ${
      Object.entries(settle.histogram)
        .map(([bucket, c]) => `${bucket}: ${c}`)
        .join('; ') || 'no hold was pending'
    }.`,
  );
  out.push('');
  if (violations.total > 0) {
    out.push(`## Violations (${n(violations.total)})`);
    out.push('');
    out.push(
      Object.entries(violations.byType)
        .map(([type, c]) => `- ${type}: ${n(c)}`)
        .join('\n'),
    );
    out.push('');
    out.push('The first ones:');
    out.push('');
    for (const v of violations.first.slice(0, 15))
      out.push(`- ${v.type}: \`${JSON.stringify(v.detail).slice(0, 400).replace(/`/g, "'")}\``);
    out.push('');
  }
  if (!ledgerCheck.passed) {
    out.push('## ledger:check');
    out.push('');
    out.push('```');
    out.push(ledgerCheck.output.slice(0, 4_000));
    out.push('```');
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
