import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DailyReportQuery,
  DailyReportResponse,
  GameReportResponse,
  InviteReportResponse,
  OfferReportResponse,
  ReportRange,
} from '@wallet/contract/http/console-reports';
import type { Breakdowns } from './breakdowns.service';
import { errorResponses } from '../../platform/errors';
import type { DailyReport } from './daily-report.service';
import { dailyReportCsv } from './reports-csv';

export interface ReportsRoutesOptions {
  daily: DailyReport;
  breakdowns: Breakdowns;
}

const errors = errorResponses(400, 401, 403);

/**
 * The console's reports (issue 28 section 3, decisions 055 and 056), permission `reports.read`,
 * checked before anything is read. An export (CSV) is audited; a read on screen is not (figures of
 * the business, no member's data: decision 048 audits reads of people).
 */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (
  app,
  { daily, breakdowns },
) => {
  const guarded = { onRequest: app.requirePermission('reports.read') };
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });

  app.get(
    '/api/console/reports/daily',
    {
      ...guarded,
      schema: {
        ...schema('Profit and loss per market day (UTC+7) and currency; format=csv answers CSV'),
        querystring: DailyReportQuery,
        response: { 200: DailyReportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await daily.report(from, to);
      if (format === 'json') return report;
      await app.staffAudit.record(request, 'reports.export', null, { report: 'daily', from, to });
      // The answer is text: it passes by the JSON schema's serializer (hence the typing's cast).
      const csv: unknown = dailyReportCsv(report.rows);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-${from}-${to}.csv"`)
        .serializer((payload: unknown) => payload as string)
        .send(csv as DailyReportResponse);
    },
  );

  const breakdown = (
    path: string,
    summary: string,
    response: object,
    read: (from: string, to: string) => Promise<unknown>,
  ) =>
    app.get(
      `/api/console/reports/${path}`,
      {
        ...guarded,
        schema: { ...schema(summary), querystring: ReportRange, response: { 200: response, ...errors } },
      },
      async (request) => read(request.query.from, request.query.to) as never,
    );
  breakdown(
    'games',
    'Per game: bets, wins, GGR and players over market days',
    GameReportResponse,
    (from, to) => breakdowns.games(from, to),
  );
  breakdown(
    'offers',
    'Per offer: claims, credited, taken back, outcomes, cost per first deposit',
    OfferReportResponse,
    (from, to) => breakdowns.offers(from, to),
  );
  breakdown(
    'invite',
    'The invite programme: top inviters, commission earned and claimed, self-referrals flagged',
    InviteReportResponse,
    (from, to) => breakdowns.invite(from, to),
  );
};
