import type { BusinessBreakdownBy, BusinessGroupBy } from '@app/contracts';
import { HOUSE_PUBLISHED_RTP } from '../../providers';
import { AppError } from '../../../platform/app-error';
import type { ReportScope } from '../report-scope';
import { buckets, percentOf, rtpCheck } from './business-rules';
import type { BetCursor, BetRow, BusinessRepository, GameSums } from './business.repository';

/** Bet figures in minor units, with hold (percent) worked out. */
export interface Figures {
  bets: bigint;
  turnover: bigint;
  validTurnover: bigint;
  settled: bigint;
  settledStake: bigint;
  payout: bigint;
  ggr: bigint;
  holdPct: number | null;
}

export interface SummaryRow extends Figures {
  bucket: string;
  from: string;
  to: string;
  bonusCost: bigint;
  ngr: bigint;
}

export interface Summary {
  groupBy: BusinessGroupBy;
  rows: SummaryRow[];
  totals: Omit<SummaryRow, 'bucket'>;
}

export interface BreakdownRow extends Figures {
  key: string;
  category: string;
  vendorCode: string | null;
  vendorName: string | null;
  gameCode: string | null;
  gameName: string | null;
  turnoverShare: number | null;
  publishedRtp: number | null;
  measuredRtp: number | null;
  rtpStandardError: number | null;
  rtpFlag: boolean;
}

export interface Breakdown {
  by: BusinessBreakdownBy;
  rows: BreakdownRow[];
  totals: Figures;
}

export interface BetsPage {
  items: BetRow[];
  nextCursor: string | null;
}

/** A page of a game's bets (the screen's; an export reads bigger batches). */
export const BETS_PAGE = 50;

const ZERO: GameSums = {
  bets: 0n,
  turnover: 0n,
  validTurnover: 0n,
  settled: 0n,
  settledStake: 0n,
  payout: 0n,
  ggr: 0n,
  ratioSq: 0,
};

function add(a: GameSums, b: GameSums): GameSums {
  return {
    bets: a.bets + b.bets,
    turnover: a.turnover + b.turnover,
    validTurnover: a.validTurnover + b.validTurnover,
    settled: a.settled + b.settled,
    settledStake: a.settledStake + b.settledStake,
    payout: a.payout + b.payout,
    ggr: a.ggr + b.ggr,
    ratioSq: a.ratioSq + b.ratioSq,
  };
}

function figures(s: GameSums): Figures {
  return {
    bets: s.bets,
    turnover: s.turnover,
    validTurnover: s.validTurnover,
    settled: s.settled,
    settledStake: s.settledStake,
    payout: s.payout,
    ggr: s.ggr,
    holdPct: percentOf(s.ggr, s.settledStake),
  };
}

/** A cursor is `<placed_at in µs>.<id>`, both decimal integers, as bets() hands it out. */
const CURSOR = /^(\d{1,19})\.(\d{1,19})$/;

export function parseBetCursor(text: string | undefined): BetCursor | null {
  if (text === undefined || text === '') return null;
  const m = CURSOR.exec(text);
  if (!m) throw new AppError('report.cursor.invalid');
  return { placedUs: m[1]!, id: m[2]! };
}

/** The business reports (README "Business"): figures from the aggregates, a game's bets from bet_record. */
export class BusinessService {
  constructor(private readonly repo: BusinessRepository) {}

  /** Bet figures, bonus cost and NGR per bucket of the period (every bucket, zeros included), and totals. */
  async summary(scope: ReportScope, groupBy: BusinessGroupBy): Promise<Summary> {
    const [bets, bonus] = await Promise.all([
      this.repo.bucketSums(scope, groupBy),
      this.repo.bonusSums(scope, groupBy),
    ]);
    const betsBy = new Map(bets.map((b) => [b.bucket, b]));
    const bonusBy = new Map(bonus.map((b) => [b.bucket, b.amount]));
    let total = ZERO;
    let totalBonus = 0n;
    const rows = buckets(scope.from, scope.to, groupBy).map((b) => {
      const s = betsBy.get(b.bucket) ?? ZERO;
      const bonusCost = bonusBy.get(b.bucket) ?? 0n;
      total = add(total, s);
      totalBonus += bonusCost;
      return { ...b, ...figures(s), bonusCost, ngr: s.ggr - bonusCost };
    });
    return {
      groupBy,
      rows,
      totals: {
        from: scope.from,
        to: scope.to,
        ...figures(total),
        bonusCost: totalBonus,
        ngr: total.ggr - totalBonus,
      },
    };
  }

  /**
   * Bet figures by category, vendor or game, biggest turnover first; games carry their RTP check.
   * Totals are over every row (also when `top` keeps only the first ones).
   */
  async breakdown(
    scope: ReportScope,
    by: BusinessBreakdownBy,
    top: number | null = null,
  ): Promise<Breakdown> {
    const [rows, all] = await Promise.all([
      this.repo.breakdown(scope, by, top),
      top === null ? null : this.repo.bucketSums(scope, 'month'),
    ]);
    const total = (all ?? rows).reduce<GameSums>((a, r) => add(a, r), ZERO);
    return {
      by,
      totals: figures(total),
      rows: rows.map((r) => {
        const published = by === 'game' && r.engine ? HOUSE_PUBLISHED_RTP[r.engine] : null;
        const rtp =
          by === 'game'
            ? rtpCheck({ ...r, publishedRtp: published })
            : { measuredRtp: null, standardError: null, flag: false };
        return {
          ...figures(r),
          key:
            by === 'category'
              ? r.gameType
              : by === 'vendor'
                ? r.vendorCode!
                : `${r.vendorCode}:${r.gameCode}`,
          category: r.gameType,
          vendorCode: r.vendorCode,
          vendorName: r.vendorName,
          gameCode: r.gameCode,
          gameName: r.gameName,
          turnoverShare: percentOf(r.turnover, total.turnover),
          publishedRtp: published,
          measuredRtp: rtp.measuredRtp,
          rtpStandardError: rtp.standardError,
          rtpFlag: rtp.flag,
        };
      }),
    };
  }

  /** A page of one game's bets placed in the period, newest first. */
  async bets(
    scope: ReportScope,
    vendor: string,
    gameCode: string,
    cursor: string | undefined,
    limit = BETS_PAGE,
  ): Promise<BetsPage> {
    const rows = await this.repo.bets(scope, vendor, gameCode, parseBetCursor(cursor), limit + 1);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? `${last.placedUs}.${last.id}` : null };
  }
}
