import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from './app';
import type { Database } from './platform/db/database';
import { createJobRunner } from './platform/jobs';
import { createMemberNames } from './modules/accounts/member-names';
import { createMemberSignups } from './modules/accounts/member-signups';
import { createLedgerDaily, firstDepositsAmong } from './modules/ledger/ledger-daily';
import { createOfferReport } from './modules/promotions/engine/offer-report';
import { createInviteReport } from './modules/promotions/rewards/invite-report';
import { createPlayReport } from './modules/promotions/rewards/play-report';
import { createBreakdowns } from './modules/reports/breakdowns.service';
import type { DailySources } from './modules/reports/daily-figures';
import { createDailyReport } from './modules/reports/daily-report.service';

/** The daily report's sources (decision 055): the ledger, the play tally, registrations. */
export function reportSources(db: Database): DailySources {
  const ledger = createLedgerDaily(db);
  const play = createPlayReport(db);
  return {
    ledgerFigures: (from, to) => ledger.dayFigures(from, to),
    ledgerMembers: (from, to) => ledger.dayMembers(from, to),
    play: (from, to) => play.byDay(from, to),
    signups: createMemberSignups(db),
  };
}

/** The market's own currency: a day that saw no money is shown in it. */
export const marketCurrency = (market: string) => (market === 'LA' ? 'LAK' : 'BAHT');

/**
 * The console's reports (issue 28 section 3), wired apart from services.ts, with their schedule:
 * the closed market days built from their sources (decision 055), its own job runner.
 */
export function createReports(app: FastifyInstance, deps: AppDependencies) {
  const { config, database } = deps;
  const daily = createDailyReport({
    db: database.db,
    sources: reportSources(database.db),
    currency: marketCurrency(config.market),
    now: deps.clock ?? (() => new Date()),
  });
  const jobs = createJobRunner(
    [
      {
        name: 'reports schedule',
        intervalMs: config.schedules.reportsIntervalMs,
        run: (stopping) => daily.rebuild(stopping),
        // At start too: a new or long-stopped server has its closed days built before the first tick.
        ...(config.schedules.reportsIntervalMs > 0
          ? { atStart: (stopping: () => boolean) => daily.rebuild(stopping) }
          : {}),
      },
    ],
    app.log,
  );
  app.addHook('onListen', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const { db } = database;
  const play = createPlayReport(db);
  const breakdowns = createBreakdowns({
    games: (from, to) => play.byGame(from, to),
    offers: createOfferReport(db),
    firstDepositsAmong: (ids) => firstDepositsAmong(db, ids),
    invite: createInviteReport(db),
    namesOf: createMemberNames(db),
  });
  return { daily, breakdowns };
}
