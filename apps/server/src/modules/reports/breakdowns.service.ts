import type {
  GameReportResponse,
  InviteReportResponse,
  OfferReportResponse,
} from '@wallet/contract/http/console-reports';
import { addDays, dayStart } from './market-days';

/** Where the per-game, per-offer and invite reports read (decision 056); each over [from, to). */
export interface BreakdownSources {
  games(
    from: Date,
    to: Date,
  ): Promise<
    { gameCode: string; currency: string; bets: bigint; wins: bigint; players: number; rounds: number }[]
  >;
  offers(
    from: Date,
    to: Date,
  ): Promise<
    {
      code: string;
      currency: string;
      claims: number;
      credited: bigint;
      takenBack: bigint;
      completed: number;
      cancelled: number;
      expired: number;
      ended: number;
      running: number;
      averageCompleteSeconds: number | null;
      depositTransferIds: number[];
    }[]
  >;
  firstDepositsAmong(transferIds: number[]): Promise<Set<number>>;
  invite(
    from: Date,
    to: Date,
  ): Promise<{
    inviters: { inviterId: number; currency: string; invitees: number; earned: bigint; claimed: bigint }[];
    flags: { inviteeId: number; inviterId: number; reason: string; at: Date }[];
    flagCount: number;
  }>;
  namesOf(ids: number[]): Promise<Map<number, { name: string }>>;
}

/** The reports that break a range down: by game, by offer, the invite programme. */
export function createBreakdowns(sources: BreakdownSources) {
  const span = (from: string, to: string) => [dayStart(from), dayStart(addDays(to, 1))] as const;
  return {
    async games(from: string, to: string): Promise<GameReportResponse> {
      const rows = await sources.games(...span(from, to));
      return {
        from,
        to,
        rows: rows
          .map((row) => ({
            gameCode: row.gameCode,
            currency: row.currency,
            bets: Number(row.bets),
            wins: Number(row.wins),
            ggr: Number(row.bets - row.wins),
            players: row.players,
            rounds: row.rounds,
          }))
          .sort((a, b) => b.ggr - a.ggr || a.gameCode.localeCompare(b.gameCode)),
      };
    },

    async offers(from: string, to: string): Promise<OfferReportResponse> {
      const rows = await sources.offers(...span(from, to));
      const first = await sources.firstDepositsAmong(rows.flatMap((row) => row.depositTransferIds));
      return {
        from,
        to,
        rows: rows.map(({ depositTransferIds, ...row }) => {
          const cost = Number(row.credited - row.takenBack);
          const firstDeposits = depositTransferIds.filter((id) => first.has(id)).length;
          return {
            ...row,
            credited: Number(row.credited),
            takenBack: Number(row.takenBack),
            cost,
            firstDeposits,
            costPerFirstDeposit: firstDeposits === 0 ? null : Math.round(cost / firstDeposits),
          };
        }),
      };
    },

    async invite(from: string, to: string): Promise<InviteReportResponse> {
      const report = await sources.invite(...span(from, to));
      const names = await sources.namesOf(report.inviters.map((row) => row.inviterId));
      return {
        from,
        to,
        inviters: report.inviters.map((row) => ({
          ...row,
          name: names.get(row.inviterId)?.name ?? '',
          earned: Number(row.earned),
          claimed: Number(row.claimed),
        })),
        flags: report.flags.map((flag) => ({ ...flag, at: flag.at.toISOString() })),
        flagCount: report.flagCount,
      };
    },
  };
}

export type Breakdowns = ReturnType<typeof createBreakdowns>;
