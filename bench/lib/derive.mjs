/** Who in a phase's CPU record is part of the benchmark (not other people's work). */
const OURS = ['server', 'postgresBackends', 'postgresShared', 'loadGenerator', 'pgbench'];

const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;

/** CPU milliseconds per completed transfer (HTTP) or script run (pgbench), by who spent them. */
function perUnit(phase) {
  const done = phase.statuses?.['200'] ?? phase.transactions ?? 0;
  if (!phase.cpu || done === 0) return;
  const ms = Object.fromEntries(
    OURS.filter((who) => phase.cpu.cpuSeconds[who] > 0).map((who) => [
      who,
      round((phase.cpu.cpuSeconds[who] * 1000) / done, 2),
    ]),
  );
  ms.total = round(
    Object.values(ms).reduce((sum, value) => sum + value, 0),
    2,
  );
  phase.cpu.msPerUnit = ms;
  // The machine is shared: a phase during which other processes kept a quarter of a core busy.
  phase.cpu.disturbed = (phase.cpu.coresBusy.otherProcesses ?? phase.cpu.coresBusy.everythingElse) > 0.25;
}

/** The figures computed from a run's measurements: per-unit CPU, ratios and goals. */
export function derive(results) {
  const phases = [
    results.serial,
    results.max,
    results.halfRate,
    results.halfRatePaced,
    ...Object.values(results.pgbench ?? {}),
  ].filter(Boolean);
  phases.forEach(perUnit);
  const pg = results.pgbench?.['ledger-transfer'];
  const sqlOnly = results.pgbench?.['transfer-sql'];
  const max = results.max.transfersPerSecond;
  results.ratio = pg?.tps ? round(max / pg.tps, 3) : null;
  // Not the goal's ratio: HTTP against the same database work without the server (see README).
  results.ratioToTransferSql = sqlOnly?.tps ? round(max / sqlOnly.tps, 3) : null;
  // Hardly moved by other work on the machine: CPU of one ledger transaction (PostgreSQL and
  // pgbench) over CPU of one HTTP transfer (server, PostgreSQL, load generator) at maximum rate.
  const httpCpu = results.max.cpu?.msPerUnit?.total;
  const pgCpu = pg?.cpu?.msPerUnit?.total;
  results.cpuCostRatio = httpCpu && pgCpu ? round(pgCpu / httpCpu, 3) : null;
  const halfP99 = results.halfRate.latencyMs?.p99 ?? Infinity;
  const pacedP99 = results.halfRatePaced.latencyMs?.p99 ?? Infinity;
  results.goals = {
    ratioAtLeast0_5: results.ratio !== null && results.ratio >= 0.5,
    p99Under20msAtHalfRate: { autocannonOverallRate: halfP99 < 20, pacedOpenLoop: pacedP99 < 20 },
  };
  return results;
}
