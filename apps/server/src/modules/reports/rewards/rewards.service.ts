import {
  fromMinor,
  type Language,
  type ReportBucket,
  type RewardCategory,
  type RewardCostRow,
  type RewardCosts,
  type RewardItems,
  type RewardPoints,
  type RewardPointsRow,
} from '@app/contracts';
import { pickText, type Brand } from '../../../platform/brand';
import { bucketsBetween } from '../players/buckets';
import type { ReportScope } from '../report-scope';
import type { BonusCell, RewardsReportRepository } from './rewards.repository';

/** Entry kinds of agent pay: bonus cost (in NGR) but the agents report's, not a reward. */
export const AGENT_KINDS: ReadonlySet<string> = new Set(['WAGE', 'DIVIDEND']);

/** The sources BonusService's callers write (memo.source) and where each belongs. */
const SOURCE_CATEGORY: Record<string, RewardCategory> = {
  PROMOTION: 'promotion',
  MISSION: 'mission',
  REBATE: 'rebate',
  REFERRAL: 'referral',
  VIP: 'vip',
  POINTS: 'points',
  POINTS_MALL: 'points',
};

/** A cell's category; null for agent pay. */
export function categoryOf(kind: string, source: string): RewardCategory | null {
  if (AGENT_KINDS.has(kind)) return null;
  return SOURCE_CATEGORY[source] ?? (kind === 'REBATE' ? 'rebate' : 'other');
}

type Costs = Record<RewardCategory, bigint> & { total: bigint; credits: number; all: bigint };

const zero = (): Costs => ({
  promotion: 0n,
  mission: 0n,
  rebate: 0n,
  referral: 0n,
  vip: 0n,
  points: 0n,
  other: 0n,
  total: 0n,
  credits: 0,
  all: 0n,
});

function add(c: Costs, cell: BonusCell): void {
  c.all += cell.amount;
  const cat = categoryOf(cell.kind, cell.source);
  if (!cat) return;
  c[cat] += cell.amount;
  c.total += cell.amount;
  c.credits += cell.entries;
}

/** Costs on the wire: major units, NGR (GGR − all bonus cost) and the bonus-to-NGR ratio. */
function wire(c: Costs, ggr: bigint): Omit<RewardCostRow, 'period'> {
  const ngr = ggr - c.all;
  return {
    promotion: fromMinor(c.promotion),
    mission: fromMinor(c.mission),
    rebate: fromMinor(c.rebate),
    referral: fromMinor(c.referral),
    vip: fromMinor(c.vip),
    points: fromMinor(c.points),
    other: fromMinor(c.other),
    total: fromMinor(c.total),
    credits: c.credits,
    ggr: fromMinor(ggr),
    ngr: fromMinor(ngr),
    bonusToNgr: ngr > 0n ? Number(c.total) / Number(ngr) : null,
  };
}

const pointsZero = () => ({ earned: 0n, redeemed: 0n, converted: 0n, adjusted: 0n, cash: 0n });
type PointsSums = ReturnType<typeof pointsZero>;
const pointsWire = (p: PointsSums): Omit<RewardPointsRow, 'period'> => ({
  earned: Number(p.earned),
  redeemed: Number(p.redeemed),
  converted: Number(p.converted),
  adjusted: Number(p.adjusted),
  cash: fromMinor(p.cash),
});

/**
 * The promotions and rewards reports: bonus cost by category and period with GGR, NGR and the
 * bonus-to-NGR ratio; each promotion's and mission's cost; points issued and spent. Reads only.
 */
export class RewardsReportService {
  constructor(readonly repo: RewardsReportRepository) {}

  /** Costs per bucket (every bucket of the period) and over the period, minor units. */
  async costSums(s: ReportScope, by: ReportBucket) {
    const cells = await this.repo.bonusCells(s, by);
    const ggr = await this.repo.ggr(s, by);
    const per = new Map<string, Costs>();
    const totals = zero();
    const sources = new Map<string, { kind: string; source: string; amount: bigint; credits: number }>();
    for (const cell of cells) {
      const c = per.get(cell.period) ?? zero();
      per.set(cell.period, c);
      add(c, cell);
      add(totals, cell);
      if (!categoryOf(cell.kind, cell.source)) continue;
      const key = `${cell.kind}|${cell.source}`;
      const x = sources.get(key) ?? { kind: cell.kind, source: cell.source, amount: 0n, credits: 0 };
      x.amount += cell.amount;
      x.credits += cell.entries;
      sources.set(key, x);
    }
    let ggrTotal = 0n;
    for (const v of ggr.values()) ggrTotal += v;
    return {
      series: bucketsBetween(s.from, s.to, by).map((period) => ({
        period,
        costs: per.get(period) ?? zero(),
        ggr: ggr.get(period) ?? 0n,
      })),
      totals: { costs: totals, ggr: ggrTotal },
      sources: [...sources.values()].sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0)),
    };
  }

  async costs(s: ReportScope, by: ReportBucket): Promise<RewardCosts> {
    const c = await this.costSums(s, by);
    return {
      by,
      series: c.series.map((r) => ({ period: r.period, ...wire(r.costs, r.ggr) })),
      totals: wire(c.totals.costs, c.totals.ggr),
      sources: c.sources.map((x) => ({
        category: categoryOf(x.kind, x.source)!,
        kind: x.kind,
        source: x.source,
        amount: fromMinor(x.amount),
        credits: x.credits,
      })),
    };
  }

  async items(s: ReportScope, brand: Brand, lang: Language): Promise<RewardItems> {
    const items = await this.repo.items(s);
    return {
      items: items
        .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
        .map((i) => ({
          category: i.category,
          id: i.id,
          merchant: i.merchant,
          code: i.code,
          title: pickText(i.title, lang, brand),
          kind: i.kind,
          claims: i.claims,
          members: i.members,
          amount: fromMinor(i.amount),
        })),
    };
  }

  /** Points per bucket (every bucket of the period) and over the period; cash in minor units. */
  async pointSums(s: ReportScope, by: ReportBucket) {
    const per = new Map<string, PointsSums>();
    const totals = pointsZero();
    const at = (period: string) => {
      const p = per.get(period) ?? pointsZero();
      per.set(period, p);
      return p;
    };
    for (const r of await this.repo.points(s, by)) {
      const n = BigInt(r.points);
      const field: keyof PointsSums | null =
        r.kind === 'EARN'
          ? 'earned'
          : r.kind === 'REDEEM' || r.kind === 'REDEEM_REFUND'
            ? 'redeemed'
            : r.kind === 'CONVERT'
              ? 'converted'
              : 'adjusted';
      // Spending is stored negative; the report shows what was spent as a positive figure.
      const v = field === 'redeemed' || field === 'converted' ? -n : n;
      at(r.period)[field] += v;
      totals[field] += v;
    }
    for (const cell of await this.repo.bonusCells(s, by)) {
      if (categoryOf(cell.kind, cell.source) !== 'points') continue;
      at(cell.period).cash += cell.amount;
      totals.cash += cell.amount;
    }
    return {
      series: bucketsBetween(s.from, s.to, by).map((period) => ({
        period,
        sums: per.get(period) ?? pointsZero(),
      })),
      totals,
    };
  }

  async points(s: ReportScope, by: ReportBucket): Promise<RewardPoints> {
    const p = await this.pointSums(s, by);
    return {
      by,
      series: p.series.map((r) => ({ period: r.period, ...pointsWire(r.sums) })),
      totals: pointsWire(p.totals),
    };
  }
}
