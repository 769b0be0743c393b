import { formatMoney, LANGUAGES, toMinor, type Language, type MissionMetric } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { Database, LocalizedText } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/** Texts of a demo mission per language; `{amount}` becomes the brand's money ("P 100.00"). */
type Texts = Record<Language, string>;

interface DemoMission {
  code: string;
  period: 'DAILY' | 'WEEKLY';
  metric: MissionMetric;
  gameType?: string;
  /** An amount ("100.00") for TURNOVER and DEPOSIT, a count for WINS and LOGIN. */
  target: string;
  reward: string;
  turnoverMultiple: number;
  title: Texts;
  description: Texts;
}

/**
 * The demo brands' missions: four daily (bet, win, deposit, log in) and four weekly ones, with
 * modest rewards that carry one times their value in turnover. Ordinary content an operator
 * would enter; inserted by code when missing, never overwritten.
 */
const DEMO_MISSIONS: DemoMission[] = [
  {
    code: 'daily-login',
    period: 'DAILY',
    metric: 'LOGIN',
    target: '1',
    reward: '2.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Log in today',
      CN: '今日登录',
      ID: 'Masuk hari ini',
      MY: 'Log masuk hari ini',
      TH: 'เข้าสู่ระบบวันนี้',
      TY: 'Mag-log in ngayong araw',
      VI: 'Đăng nhập hôm nay',
    },
    description: {
      EN: 'Log in to your account at least once today.',
      CN: '今天至少登录一次您的账户。',
      ID: 'Masuk ke akun Anda setidaknya sekali hari ini.',
      MY: 'Log masuk ke akaun anda sekurang-kurangnya sekali hari ini.',
      TH: 'เข้าสู่ระบบบัญชีของคุณอย่างน้อยหนึ่งครั้งวันนี้',
      TY: 'Mag-log in sa iyong account kahit isang beses ngayong araw.',
      VI: 'Đăng nhập vào tài khoản của bạn ít nhất một lần hôm nay.',
    },
  },
  {
    code: 'daily-bet',
    period: 'DAILY',
    metric: 'TURNOVER',
    target: '100.00',
    reward: '5.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Bet {amount} on any game',
      CN: '任意游戏投注 {amount}',
      ID: 'Bertaruh {amount} di permainan apa saja',
      MY: 'Bertaruh {amount} dalam mana-mana permainan',
      TH: 'เดิมพัน {amount} ในเกมใดก็ได้',
      TY: 'Tumaya ng {amount} sa kahit anong laro',
      VI: 'Đặt cược {amount} ở bất kỳ trò chơi nào',
    },
    description: {
      EN: 'Settled bets of today count by their valid turnover.',
      CN: '今日已结算注单按有效投注计算。',
      ID: 'Taruhan yang selesai hari ini dihitung dari turnover yang sah.',
      MY: 'Pertaruhan yang selesai hari ini dikira mengikut pusing ganti sah.',
      TH: 'เดิมพันที่ชำระแล้ววันนี้นับตามยอดเดิมพันที่ถูกต้อง',
      TY: 'Ang mga taya na naayos ngayong araw ay binibilang ayon sa valid turnover.',
      VI: 'Các cược đã kết toán hôm nay được tính theo doanh số hợp lệ.',
    },
  },
  {
    code: 'daily-wins',
    period: 'DAILY',
    metric: 'WINS',
    target: '3',
    reward: '3.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Win 3 bets',
      CN: '赢得 3 笔注单',
      ID: 'Menangkan 3 taruhan',
      MY: 'Menang 3 pertaruhan',
      TH: 'ชนะเดิมพัน 3 ครั้ง',
      TY: 'Manalo ng 3 taya',
      VI: 'Thắng 3 cược',
    },
    description: {
      EN: 'A bet counts when it pays more than its stake.',
      CN: '派彩高于投注额的注单计为一次赢。',
      ID: 'Taruhan dihitung jika membayar lebih dari taruhannya.',
      MY: 'Pertaruhan dikira apabila bayarannya melebihi taruhan.',
      TH: 'นับเมื่อเดิมพันจ่ายมากกว่าเงินเดิมพัน',
      TY: 'Binibilang ang taya kapag mas malaki ang bayad kaysa sa taya.',
      VI: 'Một cược được tính khi trả thưởng cao hơn tiền cược.',
    },
  },
  {
    code: 'daily-deposit',
    period: 'DAILY',
    metric: 'DEPOSIT',
    target: '100.00',
    reward: '5.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Deposit {amount}',
      CN: '存款 {amount}',
      ID: 'Deposit {amount}',
      MY: 'Deposit {amount}',
      TH: 'ฝากเงิน {amount}',
      TY: 'Mag-deposit ng {amount}',
      VI: 'Nạp {amount}',
    },
    description: {
      EN: 'Deposits credited to your wallet today count.',
      CN: '今日到账的存款均计入。',
      ID: 'Deposit yang masuk ke dompet Anda hari ini dihitung.',
      MY: 'Deposit yang dikreditkan ke dompet anda hari ini dikira.',
      TH: 'นับยอดฝากที่เข้ากระเป๋าเงินของคุณวันนี้',
      TY: 'Binibilang ang mga deposit na pumasok sa iyong wallet ngayong araw.',
      VI: 'Các khoản nạp vào ví của bạn hôm nay được tính.',
    },
  },
  {
    code: 'weekly-bet',
    period: 'WEEKLY',
    metric: 'TURNOVER',
    target: '2000.00',
    reward: '30.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Bet {amount} this week',
      CN: '本周投注 {amount}',
      ID: 'Bertaruh {amount} minggu ini',
      MY: 'Bertaruh {amount} minggu ini',
      TH: 'เดิมพัน {amount} ในสัปดาห์นี้',
      TY: 'Tumaya ng {amount} ngayong linggo',
      VI: 'Đặt cược {amount} trong tuần này',
    },
    description: {
      EN: 'Valid turnover of bets settled from Monday to Sunday, on any game.',
      CN: '周一至周日已结算注单的有效投注，任意游戏。',
      ID: 'Turnover sah dari taruhan yang selesai Senin sampai Minggu, di permainan apa saja.',
      MY: 'Pusing ganti sah pertaruhan yang selesai dari Isnin hingga Ahad, dalam mana-mana permainan.',
      TH: 'ยอดเดิมพันที่ถูกต้องของเดิมพันที่ชำระวันจันทร์ถึงวันอาทิตย์ ในเกมใดก็ได้',
      TY: 'Valid turnover ng mga tayang naayos mula Lunes hanggang Linggo, sa kahit anong laro.',
      VI: 'Doanh số hợp lệ của các cược kết toán từ thứ Hai đến Chủ nhật, ở mọi trò chơi.',
    },
  },
  {
    code: 'weekly-slots',
    period: 'WEEKLY',
    metric: 'TURNOVER',
    gameType: 'RNG',
    target: '1000.00',
    reward: '15.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Bet {amount} on slots this week',
      CN: '本周老虎机投注 {amount}',
      ID: 'Bertaruh {amount} di slot minggu ini',
      MY: 'Bertaruh {amount} dalam slot minggu ini',
      TH: 'เดิมพันสล็อต {amount} ในสัปดาห์นี้',
      TY: 'Tumaya ng {amount} sa slots ngayong linggo',
      VI: 'Đặt cược {amount} vào slot trong tuần này',
    },
    description: {
      EN: 'Only slot games count.',
      CN: '仅计算老虎机游戏。',
      ID: 'Hanya permainan slot yang dihitung.',
      MY: 'Hanya permainan slot dikira.',
      TH: 'นับเฉพาะเกมสล็อต',
      TY: 'Mga slot game lang ang binibilang.',
      VI: 'Chỉ tính các trò chơi slot.',
    },
  },
  {
    code: 'weekly-login',
    period: 'WEEKLY',
    metric: 'LOGIN',
    target: '5',
    reward: '10.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Log in on 5 days this week',
      CN: '本周登录 5 天',
      ID: 'Masuk selama 5 hari minggu ini',
      MY: 'Log masuk 5 hari minggu ini',
      TH: 'เข้าสู่ระบบ 5 วันในสัปดาห์นี้',
      TY: 'Mag-log in sa 5 araw ngayong linggo',
      VI: 'Đăng nhập 5 ngày trong tuần này',
    },
    description: {
      EN: 'Each day from Monday to Sunday with a login counts once.',
      CN: '周一至周日，每个有登录的日子计一次。',
      ID: 'Setiap hari Senin sampai Minggu dengan login dihitung sekali.',
      MY: 'Setiap hari dari Isnin hingga Ahad dengan log masuk dikira sekali.',
      TH: 'แต่ละวันตั้งแต่วันจันทร์ถึงวันอาทิตย์ที่มีการเข้าสู่ระบบนับหนึ่งครั้ง',
      TY: 'Bawat araw mula Lunes hanggang Linggo na may log in ay binibilang nang isang beses.',
      VI: 'Mỗi ngày từ thứ Hai đến Chủ nhật có đăng nhập được tính một lần.',
    },
  },
  {
    code: 'weekly-deposit',
    period: 'WEEKLY',
    metric: 'DEPOSIT',
    target: '500.00',
    reward: '15.00',
    turnoverMultiple: 1,
    title: {
      EN: 'Deposit {amount} this week',
      CN: '本周存款 {amount}',
      ID: 'Deposit {amount} minggu ini',
      MY: 'Deposit {amount} minggu ini',
      TH: 'ฝากเงิน {amount} ในสัปดาห์นี้',
      TY: 'Mag-deposit ng {amount} ngayong linggo',
      VI: 'Nạp {amount} trong tuần này',
    },
    description: {
      EN: 'Deposits credited from Monday to Sunday count together.',
      CN: '周一至周日到账的存款累计计算。',
      ID: 'Deposit yang masuk Senin sampai Minggu dihitung bersama.',
      MY: 'Deposit yang dikreditkan dari Isnin hingga Ahad dikira bersama.',
      TH: 'ยอดฝากที่เข้าตั้งแต่วันจันทร์ถึงวันอาทิตย์นับรวมกัน',
      TY: 'Pinagsasama ang mga deposit na pumasok mula Lunes hanggang Linggo.',
      VI: 'Các khoản nạp từ thứ Hai đến Chủ nhật được cộng dồn.',
    },
  },
];

function minor(text: string): bigint {
  const v = toMinor(text);
  if (v === null) throw new Error(`seed: ${text} is not an amount`);
  return v;
}

/** WARNING: the stored target is minor units for money metrics, a plain count for the others. */
const storedTarget = (m: DemoMission): bigint =>
  m.metric === 'TURNOVER' || m.metric === 'DEPOSIT' ? minor(m.target) : BigInt(m.target);

const worded = (texts: Texts, m: DemoMission, symbol: string): LocalizedText =>
  Object.fromEntries(
    LANGUAGES.map((l) => [l, texts[l].replace('{amount}', `${symbol} ${formatMoney(Number(m.target))}`)]),
  );

/** Inserts the demo missions each brand lacks (by code); existing ones are left as the operator set them. */
export async function seedMissions(db: Kysely<Database>, brands: readonly DemoBrand[]): Promise<void> {
  for (const b of brands) {
    await db
      .insertInto('mission')
      .values(
        DEMO_MISSIONS.map((m, i) => ({
          merchant_code: b.code,
          code: m.code,
          period: m.period,
          metric: m.metric,
          game_type: m.gameType ?? null,
          target: storedTarget(m),
          reward: minor(m.reward),
          turnover_multiple: m.turnoverMultiple,
          title: JSON.stringify(worded(m.title, m, b.currencySymbol)),
          description: JSON.stringify(worded(m.description, m, b.currencySymbol)),
          sort: i,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
      .execute();
  }
}
