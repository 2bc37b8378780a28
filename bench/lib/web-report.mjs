/**
 * bench/web.mjs's figures: each page's runs reduced to median and range, and the Markdown of a
 * result (issue 30). A result with `before` (another result's pages, measured in the same window)
 * also gets a before/after table.
 */

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : Math.round(((sorted[middle - 1] + sorted[middle]) / 2) * 1000) / 1000;
};

/** Median, lowest and highest of one figure over the runs. */
const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

const FIGURES = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'jsTransferKB', 'transferKB'];

/** One page's first visits, reduced: each figure's median and range, and the profile of the median run. */
export function aggregate(visits) {
  const figures = Object.fromEntries(FIGURES.map((name) => [name, spread(visits.map((one) => one[name]))]));
  // The run whose LCP is the median one speaks for the page's profile.
  const byLcp = [...visits].sort((a, b) => a.lcpMs - b.lcpMs);
  const typical = byLcp[Math.floor((byLcp.length - 1) / 2)];
  return {
    runs: visits.length,
    ...figures,
    lcpElements: visits.map((one) => one.lcpElement),
    lcpElementSnippet: typical.lcpElementSnippet,
    gameCards: Math.max(...visits.map((one) => one.gameCards ?? 0)),
    layoutShifts: typical.layoutShifts,
    profile: {
      lcpMs: typical.lcpMs,
      lcpPhases: typical.lcpPhases,
      mainThread: typical.mainThread,
      bootup: typical.bootup,
      longTasks: typical.longTasks,
    },
  };
}

const cell = ({ median: m, min, max }, unit = '') => `**${m}**${unit} (${min}–${max})`;
const ms = (value) => `${value} ms`;

function goalCells(page) {
  const { goals } = page;
  const met = (ok) => (ok ? 'met' : '**not met**');
  return [
    met(page.score.median >= goals.score),
    met(page.lcpMs.median <= goals.lcpMs),
    met(page.tbtMs.median <= goals.tbtMs),
    met(page.cls.median <= goals.cls),
  ].join(' / ');
}

function profileLines(page) {
  const p = page.profile;
  const phases = Object.entries(p.lcpPhases ?? {})
    .map(([phase, timing]) => `${phase} ${timing} ms`)
    .join(', ');
  const main = Object.entries(p.mainThread ?? {})
    .map(([group, duration]) => `${group} ${duration}`)
    .join(', ');
  const boot = (p.bootup ?? [])
    .map((one) => `\`${one.url}\` ${one.totalMs} (${one.scriptingMs} scripting)`)
    .join(', ');
  const tasks = (p.longTasks ?? []).map((one) => `${one.durationMs} ms at ${one.startMs}`).join(', ');
  return [
    `- **${page.pathname}** (the run with the median LCP, ${p.lcpMs} ms; element \`${page.lcpElementSnippet ?? '?'}\`)`,
    `  - LCP phases: ${phases || 'none recorded'}`,
    `  - main thread, ms: ${main}`,
    `  - scripts' CPU, ms: ${boot}`,
    `  - long tasks (simulated): ${tasks || 'none'}`,
  ];
}

/** The before/after table: median (range) of each, for the pages both measured. */
function comparison(before, after) {
  const lines = [
    `## Before and after, measured together`,
    '',
    '| page | score before → after | LCP ms before → after | TBT ms before → after | CLS before → after | FCP ms before → after |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const page of after.pages) {
    const old = before.pages.find((one) => one.pathname === page.pathname);
    if (!old) continue;
    const pair = (name) => `${cell(old[name])} → ${cell(page[name])}`;
    lines.push(
      `| ${page.pathname} | ${pair('score')} | ${pair('lcpMs')} | ${pair('tbtMs')} | ${pair('cls')} | ${pair('fcpMs')} |`,
    );
  }
  lines.push(
    '',
    `Before: ${before.label} (commit ${before.machine.gitCommit?.slice(0, 7)}), ${before.date}, load average ${before.loadAverageAtStart} at its start, ${before.loadAverageAtEnd} at its end.`,
    '',
  );
  return lines;
}

/** Runs Lighthouse could not measure, measured again: said, so a reader knows. */
function failures(results) {
  const failed = (results.runs ?? []).filter((run) => run.failedAttempts?.length);
  if (failed.length === 0) return [];
  return [
    `Measured again after a failed Lighthouse run: ${failed.map((run) => `${run.pathname} run ${run.run} (${run.failedAttempts.join('; ')})`).join(', ')}.`,
    '',
  ];
}

export function markdown(results) {
  const { machine: m } = results;
  const lines = [
    `# Member app first load, ${results.date.slice(0, 10)}${results.label ? ` (${results.label})` : ''}`,
    '',
    `${m.cores} cores (${m.cpuModel}), node ${m.node}, ${results.chromium}, Lighthouse ${results.lighthouse} ` +
      `(default mobile emulation, simulated throttling: 4× CPU slowdown, slow 4G; cold cache), commit ${m.gitCommit?.slice(0, 7)}` +
      `${m.gitDirty ? ' (uncommitted changes)' : ''}. ${results.pages[0]?.runs ?? 0} runs of each page, interleaved. ` +
      `Load average at start ${results.loadAverageAtStart}; at each run's start ${results.loadAverageAtEachRun.join(' | ')}; at the end ${results.loadAverageAtEnd}.` +
      (results.busyMachine
        ? ' **Taken on a busy machine** (load average above the core count): Lighthouse’s simulated timings come from measured CPU work, so TBT and LCP are inflated.'
        : ''),
    ...(results.note ? ['', results.note] : []),
    '',
    'Median **in bold**, (lowest–highest) of the runs.',
    '',
    ...failures(results),
    '| page | score | LCP | TBT | CLS | FCP | LCP element (each run) | goals: score / LCP / TBT / CLS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.pages.map(
      (page) =>
        `| ${page.pathname}${page.gameCards ? ` (${page.gameCards} game cards)` : ''} | ${cell(page.score)} | ${cell(page.lcpMs, ' ms')} | ${cell(page.tbtMs, ' ms')} | ${cell(page.cls)} | ${cell(page.fcpMs, ' ms')} | ${page.lcpElements.map((one) => `\`${one}\``).join(', ')} | ${goalCells(page)} |`,
    ),
    '',
    'Goals (issue 30): `/user/home` score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05; `/login` ≥ 95, ≤ 1.5 s, ≤ 100 ms, ≤ 0.05; `/register`, `/user/statement`, `/user/bonus` as home.',
    '',
    ...(results.before ? comparison(results.before, results) : []),
    '## Profile',
    '',
    ...results.pages.flatMap(profileLines),
    '',
    '## Bytes of the first visit (median)',
    '',
    ...results.pages.map(
      (page) =>
        `- ${page.pathname}: JavaScript ${page.jsTransferKB.median} KB transferred, all ${page.transferKB.median} KB`,
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

export { median, spread, ms };
