import { toMinor, type GameType } from '@app/contracts';
import type { Kysely } from 'kysely';
import { PointsLedger } from '../modules/points';
import { PointsMallRepository } from '../modules/points';
import { PointsRepository } from '../modules/points';
import type { Database, LocalizedText } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/*
 * The demo brands' points rules and mall: earning rates, conversion, 7 or 8 rewards of
 * both kinds, and demo01's opening 5,000 points. Inserted only where missing (the app seeds on
 * every start), so an operator's edits survive. Images are under media/points/.
 */

interface DemoReward {
  code: string;
  kind: 'BONUS' | 'ITEM';
  name: LocalizedText;
  description: LocalizedText;
  image: string;
  cost: number;
  stock: number | null;
  /** Major units as text ("20.00"), BONUS only. */
  bonus?: string;
  turnoverMultiple?: number;
}

interface DemoPoints {
  /** Points per 1.00 of valid turnover per game type. */
  rates: Partial<Record<GameType, number>>;
  depositRate: number;
  convert: { pointsPerUnit: number; minPoints: number; turnoverMultiple: number };
  rewards: DemoReward[];
  /** Opening points of demo accounts (a SEED entry, once). */
  opening: Record<string, number>;
}

/** A bonus reward's texts; the card shows its turnover requirement from the figures themselves. */
const bonusText = (symbol: string, amount: string) => ({
  name: {
    EN: `${symbol}${amount} bonus`,
    CN: `${symbol}${amount} 奖金`,
    ID: `Bonus ${symbol}${amount}`,
    MY: `Bonus ${symbol}${amount}`,
    TH: `โบนัส ${symbol}${amount}`,
    TY: `${symbol}${amount} na bonus`,
    VI: `Tiền thưởng ${symbol}${amount}`,
  },
  description: {
    EN: 'Cash credited to your main wallet at once.',
    CN: '现金立即存入您的主钱包。',
    ID: 'Uang tunai langsung masuk ke dompet utama Anda.',
    MY: 'Tunai dikreditkan ke dompet utama anda serta-merta.',
    TH: 'เงินสดเข้ากระเป๋าหลักของคุณทันที',
    TY: 'Cash na papasok agad sa iyong main wallet.',
    VI: 'Tiền mặt được cộng ngay vào ví chính của bạn.',
  },
});

const bonus = (
  code: string,
  symbol: string,
  amount: string,
  cost: number,
  stock: number | null,
  multiple: number,
  image: string,
): DemoReward => ({
  code,
  kind: 'BONUS',
  ...bonusText(symbol, amount),
  image,
  cost,
  stock,
  bonus: amount,
  turnoverMultiple: multiple,
});

/** A goods reward: sent by an operator once approved. */
const DELIVERY: LocalizedText = {
  EN: 'Delivered by our team once approved; add your address in the note.',
  CN: '审核通过后由我们寄出；请在备注中填写收货地址。',
  ID: 'Dikirim oleh tim kami setelah disetujui; tulis alamat Anda di catatan.',
  MY: 'Dihantar oleh pasukan kami selepas diluluskan; tulis alamat anda dalam nota.',
  TH: 'ทีมงานจะจัดส่งเมื่ออนุมัติแล้ว กรุณาระบุที่อยู่ในหมายเหตุ',
  TY: 'Ipapadala ng aming team kapag naaprubahan; ilagay ang iyong address sa tala.',
  VI: 'Đội ngũ của chúng tôi sẽ gửi sau khi duyệt; hãy ghi địa chỉ trong phần ghi chú.',
};

const item = (
  code: string,
  name: LocalizedText,
  image: string,
  cost: number,
  stock: number | null,
): DemoReward => ({
  code,
  kind: 'ITEM',
  name,
  description: DELIVERY,
  image,
  cost,
  stock,
});

const DEMO_POINTS: Record<string, DemoPoints> = {
  GOLDEN: {
    rates: { RNG: 1, FISH: 1, PVP: 1, LIVE: 1, SPORTS: 1, ESPORTS: 1, LOTT: 1, ELOTT: 1, COCKFIGHT: 1 },
    depositRate: 1,
    convert: { pointsPerUnit: 100, minPoints: 1000, turnoverMultiple: 1 },
    rewards: [
      bonus('BONUS_20', 'P', '20.00', 1500, null, 1, 'points/bonus-small.svg'),
      bonus('BONUS_100', 'P', '100.00', 7000, null, 1, 'points/bonus-medium.svg'),
      bonus('BONUS_500', 'P', '500.00', 30000, 50, 2, 'points/bonus-large.svg'),
      item(
        'MUG',
        {
          EN: 'Golden Palm mug',
          CN: 'Golden Palm 马克杯',
          ID: 'Mug Golden Palm',
          MY: 'Mug Golden Palm',
          TH: 'แก้วมัค Golden Palm',
          TY: 'Golden Palm na mug',
          VI: 'Cốc Golden Palm',
        },
        'points/mug.svg',
        2500,
        60,
      ),
      item(
        'CAP',
        {
          EN: 'Golden Palm cap',
          CN: 'Golden Palm 棒球帽',
          ID: 'Topi Golden Palm',
          MY: 'Topi Golden Palm',
          TH: 'หมวกแก๊ป Golden Palm',
          TY: 'Golden Palm na sumbrero',
          VI: 'Mũ lưỡi trai Golden Palm',
        },
        'points/cap.svg',
        3000,
        40,
      ),
      item(
        'TSHIRT',
        {
          EN: 'Golden Palm T-shirt',
          CN: 'Golden Palm T恤',
          ID: 'Kaus Golden Palm',
          MY: 'Baju-T Golden Palm',
          TH: 'เสื้อยืด Golden Palm',
          TY: 'Golden Palm na T-shirt',
          VI: 'Áo thun Golden Palm',
        },
        'points/tshirt.svg',
        4500,
        30,
      ),
      item(
        'EARBUDS',
        {
          EN: 'Wireless earbuds',
          CN: '无线耳机',
          ID: 'Earbud nirkabel',
          MY: 'Fon telinga tanpa wayar',
          TH: 'หูฟังไร้สาย',
          TY: 'Wireless na earbuds',
          VI: 'Tai nghe không dây',
        },
        'points/earbuds.svg',
        25000,
        10,
      ),
      item(
        'SMARTWATCH',
        {
          EN: 'Smartwatch',
          CN: '智能手表',
          ID: 'Jam tangan pintar',
          MY: 'Jam tangan pintar',
          TH: 'สมาร์ทวอทช์',
          TY: 'Smartwatch',
          VI: 'Đồng hồ thông minh',
        },
        'points/smartwatch.svg',
        60000,
        3,
      ),
    ],
    opening: { demo01: 5000 },
  },
  LOTUS: {
    rates: { RNG: 2, FISH: 2, PVP: 2, LIVE: 1, SPORTS: 1, ESPORTS: 1, LOTT: 1, ELOTT: 1, COCKFIGHT: 1 },
    depositRate: 2,
    convert: { pointsPerUnit: 200, minPoints: 2000, turnoverMultiple: 1 },
    rewards: [
      bonus('BONUS_10', 'RM', '10.00', 1600, null, 1, 'points/bonus-small.svg'),
      bonus('BONUS_50', 'RM', '50.00', 7500, null, 1, 'points/bonus-medium.svg'),
      bonus('BONUS_200', 'RM', '200.00', 28000, 30, 2, 'points/bonus-large.svg'),
      item(
        'TUMBLER',
        {
          EN: 'Royal Lotus tumbler',
          CN: 'Royal Lotus 随行杯',
          ID: 'Tumbler Royal Lotus',
          MY: 'Tumbler Royal Lotus',
          TH: 'แก้วน้ำ Royal Lotus',
          TY: 'Royal Lotus na tumbler',
          VI: 'Bình giữ nhiệt Royal Lotus',
        },
        'points/tumbler.svg',
        3000,
        50,
      ),
      item(
        'UMBRELLA',
        {
          EN: 'Royal Lotus umbrella',
          CN: 'Royal Lotus 雨伞',
          ID: 'Payung Royal Lotus',
          MY: 'Payung Royal Lotus',
          TH: 'ร่ม Royal Lotus',
          TY: 'Royal Lotus na payong',
          VI: 'Ô Royal Lotus',
        },
        'points/umbrella.svg',
        4000,
        40,
      ),
      item(
        'POWERBANK',
        {
          EN: 'Power bank 10,000 mAh',
          CN: '10000 毫安移动电源',
          ID: 'Power bank 10.000 mAh',
          MY: 'Pengecas mudah alih 10,000 mAh',
          TH: 'พาวเวอร์แบงก์ 10,000 mAh',
          TY: 'Power bank na 10,000 mAh',
          VI: 'Sạc dự phòng 10.000 mAh',
        },
        'points/powerbank.svg',
        12000,
        20,
      ),
      item(
        'SPEAKER',
        {
          EN: 'Bluetooth speaker',
          CN: '蓝牙音箱',
          ID: 'Speaker Bluetooth',
          MY: 'Pembesar suara Bluetooth',
          TH: 'ลำโพงบลูทูธ',
          TY: 'Bluetooth speaker',
          VI: 'Loa Bluetooth',
        },
        'points/speaker.svg',
        30000,
        8,
      ),
    ],
    opening: { demo01: 5000 },
  },
};

/** The demo points rules, mall and opening points of the brands that have them (see DEMO_POINTS). */
export async function seedPoints(db: Kysely<Database>, brands: DemoBrand[]): Promise<void> {
  const repo = new PointsRepository(db);
  const mall = new PointsMallRepository(db);
  const ledger = new PointsLedger(repo);
  for (const b of brands) {
    const demo = DEMO_POINTS[b.code];
    if (!demo) continue;
    await db
      .insertInto('point_config')
      .values({
        merchant_code: b.code,
        earning_enabled: true,
        deposit_rate: demo.depositRate,
        convert_enabled: true,
        convert_points_per_unit: demo.convert.pointsPerUnit,
        convert_min_points: demo.convert.minPoints,
        convert_turnover_multiple: demo.convert.turnoverMultiple,
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .execute();
    await db
      .insertInto('point_earn_rate')
      .values(
        Object.entries(demo.rates).map(([gameType, points]) => ({
          merchant_code: b.code,
          game_type: gameType,
          points,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'game_type']).doNothing())
      .execute();
    for (const [i, r] of demo.rewards.entries()) {
      const amount = r.bonus === undefined ? null : toMinor(r.bonus);
      if (r.bonus !== undefined && amount === null) throw new Error(`seed: ${r.bonus} is not an amount`);
      await mall.insertRewardIfMissing(db, {
        merchant_code: b.code,
        code: r.code,
        kind: r.kind,
        name: JSON.stringify(r.name),
        description: JSON.stringify(r.description),
        image_path: r.image,
        cost: String(r.cost),
        stock: r.stock,
        bonus_amount: amount,
        turnover_multiple: r.turnoverMultiple ?? 0,
        sort: i,
      });
    }
    for (const [username, points] of Object.entries(demo.opening)) {
      const member = await repo.memberByUsername(b.code, username);
      if (!member) continue;
      // Once: the reference is unique per brand, so a restart finds it and moves nothing.
      await repo.transaction((trx) =>
        ledger.post(trx, {
          merchant: b.code,
          memberId: member.id,
          kind: 'SEED',
          points: BigInt(points),
          reference: `SEED:${username}`,
          memo: { reason: 'Demo opening points' },
        }),
      );
    }
  }
}
