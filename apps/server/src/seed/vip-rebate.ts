import { GAME_TYPES, toMinor, type GameType } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { Database, LocalizedText } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/*
 * The demo brands' VIP levels (0-6) and rebate rules: ordinary brand content an operator
 * would enter. Inserted where missing, never overwritten. Amounts are major units in the brand's
 * currency (Golden Palm PHP, Royal Lotus MYR, about a tenth of the PHP figures).
 */

const LABELS: LocalizedText[] = [
  { CN: '普通会员', EN: 'Member', ID: 'Member', MY: 'Ahli', TH: 'สมาชิก', TY: 'Miyembro', VI: 'Thành viên' },
  { CN: '青铜', EN: 'Bronze', ID: 'Perunggu', MY: 'Gangsa', TH: 'บรอนซ์', TY: 'Tanso', VI: 'Đồng' },
  { CN: '白银', EN: 'Silver', ID: 'Perak', MY: 'Perak', TH: 'ซิลเวอร์', TY: 'Pilak', VI: 'Bạc' },
  { CN: '黄金', EN: 'Gold', ID: 'Emas', MY: 'Emas', TH: 'โกลด์', TY: 'Ginto', VI: 'Vàng' },
  {
    CN: '铂金',
    EN: 'Platinum',
    ID: 'Platinum',
    MY: 'Platinum',
    TH: 'แพลทินัม',
    TY: 'Platinum',
    VI: 'Bạch kim',
  },
  { CN: '钻石', EN: 'Diamond', ID: 'Berlian', MY: 'Berlian', TH: 'ไดมอนด์', TY: 'Diyamante', VI: 'Kim cương' },
  { CN: '皇冠', EN: 'Crown', ID: 'Mahkota', MY: 'Mahkota', TH: 'คราวน์', TY: 'Korona', VI: 'Vương miện' },
];

/** Label colours, level 0 (grey, the default member label colour) to 6. */
const COLORS = ['#8a9099', '#b87333', '#6f8fb0', '#d4a017', '#2aa198', '#3b82f6', '#9b59b6'];

const BENEFIT = {
  rebate: {
    CN: '所有游戏每日返水，自动发放',
    EN: 'Daily rebate on every game, paid automatically',
    ID: 'Rabat harian untuk semua permainan, dibayar otomatis',
    MY: 'Rebat harian untuk semua permainan, dibayar secara automatik',
    TH: 'เงินคืนรายวันทุกเกม จ่ายอัตโนมัติ',
    TY: 'Araw-araw na rebate sa lahat ng laro, awtomatikong ibinibigay',
    VI: 'Hoàn trả hằng ngày cho mọi trò chơi, tự động chi trả',
  },
  higher: {
    CN: '更高的返水比例',
    EN: 'Higher rebate rates',
    ID: 'Tarif rabat lebih tinggi',
    MY: 'Kadar rebat lebih tinggi',
    TH: 'อัตราเงินคืนสูงขึ้น',
    TY: 'Mas mataas na rate ng rebate',
    VI: 'Tỷ lệ hoàn trả cao hơn',
  },
  bonus: {
    CN: '一次性晋级奖金',
    EN: 'One-time level-up bonus',
    ID: 'Bonus naik level satu kali',
    MY: 'Bonus naik tahap sekali sahaja',
    TH: 'โบนัสเลื่อนระดับครั้งเดียว',
    TY: 'Isang beses na bonus sa pag-level up',
    VI: 'Thưởng thăng cấp một lần',
  },
  withdraw: {
    CN: '提款优先审核',
    EN: 'Priority withdrawal review',
    ID: 'Prioritas peninjauan penarikan',
    MY: 'Keutamaan semakan pengeluaran',
    TH: 'ตรวจสอบการถอนเงินเป็นลำดับแรก',
    TY: 'Priyoridad sa pagsusuri ng withdrawal',
    VI: 'Ưu tiên duyệt rút tiền',
  },
  vipService: {
    CN: '专属VIP客服',
    EN: 'Dedicated VIP customer service',
    ID: 'Layanan pelanggan VIP khusus',
    MY: 'Khidmat pelanggan VIP khas',
    TH: 'บริการลูกค้า VIP โดยเฉพาะ',
    TY: 'Nakalaang VIP customer service',
    VI: 'Chăm sóc khách hàng VIP riêng',
  },
} satisfies Record<string, LocalizedText>;

const BENEFITS: LocalizedText[][] = [
  [BENEFIT.rebate],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus, BENEFIT.withdraw],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus, BENEFIT.withdraw],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus, BENEFIT.withdraw, BENEFIT.vipService],
  [BENEFIT.rebate, BENEFIT.higher, BENEFIT.bonus, BENEFIT.withdraw, BENEFIT.vipService],
];

/** Daily rebate rates per level 0..6, basis points of valid turnover (50 = 0.50%). */
const RATES: Record<GameType, number[]> = {
  RNG: [50, 60, 70, 80, 100, 120, 150],
  FISH: [50, 60, 70, 80, 100, 120, 150],
  PVP: [40, 50, 60, 70, 80, 100, 120],
  LIVE: [30, 40, 50, 60, 70, 80, 100],
  SPORTS: [30, 40, 50, 60, 70, 80, 100],
  ESPORTS: [30, 40, 50, 60, 70, 80, 100],
  COCKFIGHT: [30, 40, 50, 60, 70, 80, 100],
  LOTT: [20, 25, 30, 35, 40, 50, 60],
  ELOTT: [20, 25, 30, 35, 40, 50, 60],
};

interface VipPlan {
  /** Per level 0..6: lifetime valid turnover, lifetime deposits, upgrade bonus (major units). */
  turnover: string[];
  deposits: string[];
  bonus: string[];
  /** The upgrade bonus is bet this many times before withdrawing. */
  bonusMultiple: number;
  rebate: { minPayout: string; dailyCap: string | null; turnoverMultiple: number };
}

const PLANS: Record<string, VipPlan> = {
  GOLDEN: {
    turnover: ['0', '5000', '20000', '100000', '500000', '2000000', '10000000'],
    deposits: ['0', '1000', '5000', '20000', '100000', '400000', '1500000'],
    bonus: ['0', '50', '150', '500', '1500', '5000', '20000'],
    bonusMultiple: 1,
    rebate: { minPayout: '1.00', dailyCap: '50000.00', turnoverMultiple: 0 },
  },
  LOTUS: {
    turnover: ['0', '500', '2000', '10000', '50000', '200000', '1000000'],
    deposits: ['0', '100', '500', '2000', '10000', '40000', '150000'],
    bonus: ['0', '5', '15', '50', '150', '500', '2000'],
    bonusMultiple: 1,
    rebate: { minPayout: '1.00', dailyCap: '5000.00', turnoverMultiple: 0 },
  },
};

function minor(text: string): bigint {
  const v = toMinor(text);
  if (v === null) throw new Error(`seed: ${text} is not an amount`);
  return v;
}

/** Inserts the demo brands' VIP levels, their rebate rates and the rebate rules, where missing. */
export async function seedVipAndRebates(db: Kysely<Database>, brands: readonly DemoBrand[]): Promise<void> {
  for (const b of brands) {
    const plan = PLANS[b.code];
    if (!plan) continue;
    await db
      .insertInto('vip_level')
      .values(
        LABELS.map((label, level) => ({
          merchant_code: b.code,
          level,
          label: JSON.stringify(label),
          color: COLORS[level]!,
          min_turnover: minor(plan.turnover[level]!),
          min_deposit: minor(plan.deposits[level]!),
          upgrade_bonus: minor(plan.bonus[level]!),
          turnover_multiple: level === 0 ? 0 : plan.bonusMultiple,
          benefits: JSON.stringify(BENEFITS[level]!),
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'level']).doNothing())
      .execute();
    await db
      .insertInto('vip_rebate_rate')
      .values(
        LABELS.flatMap((_, level) =>
          GAME_TYPES.map((gameType) => ({
            merchant_code: b.code,
            level,
            game_type: gameType,
            rate_bp: RATES[gameType][level]!,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'level', 'game_type']).doNothing())
      .execute();
    await db
      .insertInto('rebate_rule')
      .values({
        merchant_code: b.code,
        min_payout: minor(plan.rebate.minPayout),
        daily_cap: plan.rebate.dailyCap === null ? null : minor(plan.rebate.dailyCap),
        turnover_multiple: plan.rebate.turnoverMultiple,
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .execute();
  }
}
