import {
  BANNER_GROUPS,
  REGISTER_PATTERNS,
  type BannerGroup,
  type GameType,
  type Language,
  type ModuleSwitch,
  type PrizeMode,
  type RegisterField,
  type RegisterPatternId,
  type WhitelabelFlag,
} from '@app/contracts';
import type { LocalizedText } from '../schema';

/*
 * The two demo brands. Everything here is ordinary brand content an operator would enter;
 * the seed inserts what is missing and never overwrites, so edits made later survive restarts.
 * Image paths are relative to the brand's image CDN (/media on the demo brands).
 */

export interface DemoVendor {
  code: string;
  gameType: GameType;
  name: string;
  hot?: boolean;
  isGame?: 'VASSALAGE';
  wallet: 'TRANSFER' | 'SEAMLESS';
}

export interface DemoRule {
  field: RegisterField;
  enabled: boolean;
  required: boolean;
  pattern: RegisterPatternId;
  min: number;
  max: number;
}

export interface DemoBanner {
  group: BannerGroup;
  title: LocalizedText;
  linkageType?: 'ROUTE' | 'URL';
  linkage?: string;
}

export interface DemoNotice {
  type: 'PL' | 'PU' | 'PR';
  title: LocalizedText;
  content: LocalizedText;
}

export interface DemoBrand {
  code: string;
  name: string;
  hosts: string[];
  defaultLanguage: Language;
  languages: Language[];
  currencySymbol: string;
  timezone: string;
  loginedToHomePage: boolean;
  blockedCountries: string[];
  gtagId: string | null;
  flags: Record<WhitelabelFlag, boolean>;
  switches: Record<ModuleSwitch, boolean>;
  rules: DemoRule[];
  vendors: DemoVendor[];
  banners: DemoBanner[];
  notices: DemoNotice[];
  helpTags: string[];
  social: { facebook: string; telegram: string; whatsapp: string };
  licence: LocalizedText;
  stats: { avgDepositSeconds: number; avgWithdrawSeconds: number };
  domains: { domain: string; speed: number }[];
  resources: { type: string; url: string }[];
  customerService: { position: string; type: 'VIP' | 'LIVECHAT'; url: string; key: string }[];
  /** Demo accounts (README lists their passwords): an agent with an affiliate code and a member under it. */
  accounts: DemoAccount[];
  cashier: DemoCashier;
  /** The lottery return per prize mode (basis points) where the brand departs from the default. */
  lotteryRtpBp?: Partial<Record<PrizeMode, number>>;
  /** Accepts the real clients' legacy payload scheme (ARCHITECTURE section 3). */
  legacyCrypto?: boolean;
  /** The brand's GeeTest captcha id, where it uses GeeTest. */
  geetestId?: string;
}

/** Amounts are in major units as text ("100.00"); the seed converts them with toMinor(). */
export interface DemoCashier {
  singleWallet: boolean;
  withdrawMin: string;
  withdrawMax: string;
  withdrawDailyCount: number;
  withdrawConfirmMinutes: number;
  uplineTransfer: boolean;
  channels: {
    code: string;
    kind: 'BANK' | 'ONLINE';
    name: LocalizedText;
    min: string;
    max: string;
    feeBp: number;
    feeFixed: string;
    presets: string[];
    bank?: { bankName: string; accountName: string; accountNo: string };
    gateway?: 'DEMO';
  }[];
  payoutBanks: { code: string; kind: 'BANK' | 'EWALLET'; name: string }[];
}

export interface DemoAccount {
  username: string;
  password: string;
  isAgent: number;
  affiliateCode?: string;
  /** Username of the upline, which must come earlier in the list. */
  upline?: string;
  payeeName?: string;
  email?: string;
  mobile?: { dialing: string; number: string };
  /** Six digits; the README lists it. */
  paymentPassword?: string;
  /** Credited once through the ledger as an operator adjustment (major units). */
  openingBalance?: string;
}

const rule = (
  field: RegisterField,
  enabled: boolean,
  required: boolean,
  pattern: RegisterPatternId,
  min: number,
  max: number,
): DemoRule => ({ field, enabled, required, pattern, min, max });

export const patternOf = (id: RegisterPatternId) => REGISTER_PATTERNS[id];

const ALL_VENDORS: DemoVendor[] = [
  { code: 'PG', gameType: 'RNG', name: 'PG Soft', hot: true, wallet: 'SEAMLESS' },
  { code: 'JILI', gameType: 'RNG', name: 'JILI', hot: true, wallet: 'TRANSFER' },
  { code: 'PP', gameType: 'RNG', name: 'Pragmatic Play', wallet: 'TRANSFER' },
  { code: 'FC', gameType: 'RNG', name: 'Fa Chai', wallet: 'TRANSFER' },
  { code: 'CQ9', gameType: 'RNG', name: 'CQ9', wallet: 'TRANSFER' },
  { code: 'JDB', gameType: 'RNG', name: 'JDB', wallet: 'TRANSFER' },
  { code: 'SPADE', gameType: 'RNG', name: 'Spadegaming', wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'RNG', name: 'House Slots', wallet: 'SEAMLESS' },
  { code: 'EVO', gameType: 'LIVE', name: 'Evolution', hot: true, wallet: 'TRANSFER' },
  { code: 'SEXY', gameType: 'LIVE', name: 'AE Sexy', wallet: 'TRANSFER' },
  { code: 'DG', gameType: 'LIVE', name: 'Dream Gaming', wallet: 'TRANSFER' },
  { code: 'SA', gameType: 'LIVE', name: 'SA Gaming', wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'LIVE', name: 'House Live', wallet: 'SEAMLESS' },
  { code: 'JILI', gameType: 'FISH', name: 'JILI Fishing', hot: true, wallet: 'TRANSFER' },
  { code: 'FC', gameType: 'FISH', name: 'Fa Chai Fishing', wallet: 'TRANSFER' },
  { code: 'JDB', gameType: 'FISH', name: 'JDB Fishing', wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'FISH', name: 'House Fishing', wallet: 'SEAMLESS' },
  { code: 'KM', gameType: 'PVP', name: 'Kingmaker', isGame: 'VASSALAGE', wallet: 'TRANSFER' },
  { code: 'V8', gameType: 'PVP', name: 'V8 Poker', hot: true, wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'PVP', name: 'House Cards', wallet: 'SEAMLESS' },
  { code: 'SABA', gameType: 'SPORTS', name: 'SABA Sports', hot: true, wallet: 'TRANSFER' },
  { code: 'CMD', gameType: 'SPORTS', name: 'CMD368', wallet: 'TRANSFER' },
  { code: 'FB', gameType: 'SPORTS', name: 'FB Sports', wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'SPORTS', name: 'House Sportsbook', wallet: 'SEAMLESS' },
  { code: 'TF', gameType: 'ESPORTS', name: 'TF Gaming', hot: true, wallet: 'TRANSFER' },
  { code: 'IA', gameType: 'ESPORTS', name: 'IA Esports', wallet: 'TRANSFER' },
  { code: 'HOUSE', gameType: 'ESPORTS', name: 'House Esports', wallet: 'SEAMLESS' },
  { code: 'TCG_LOTTO_VN', gameType: 'LOTT', name: 'VN Lottery', hot: true, wallet: 'SEAMLESS' },
  { code: 'TCG_SEA', gameType: 'LOTT', name: 'SEA Lottery', wallet: 'SEAMLESS' },
  { code: 'LOTT', gameType: 'LOTT', name: 'House Lottery', wallet: 'SEAMLESS' },
  { code: 'ELOTT', gameType: 'ELOTT', name: 'E-Lottery', hot: true, wallet: 'SEAMLESS' },
  { code: 'DS88', gameType: 'COCKFIGHT', name: 'DS88 Sabong', hot: true, wallet: 'TRANSFER' },
  { code: 'DIG', gameType: 'COCKFIGHT', name: 'DIG Sabong', wallet: 'TRANSFER' },
  { code: 'WS168', gameType: 'COCKFIGHT', name: 'WS168', wallet: 'TRANSFER' },
];

/** Every vendor code with a logo under media/vendors/. */
export const VENDOR_LOGO_CODES = [...new Set(ALL_VENDORS.map((v) => v.code))];

const text = (en: string, extra: Partial<Record<Language, string>> = {}): LocalizedText => ({
  EN: en,
  ...extra,
});

const HOME_BANNERS_GOLDEN: DemoBanner[] = [
  {
    group: 'w_home',
    title: text('Welcome bonus 100% up to P5,000', {
      CN: '首存100%奖金，最高P5,000',
      MY: 'Bonus alu-aluan 100% sehingga P5,000',
    }),
    linkageType: 'ROUTE',
    linkage: '/promotions',
  },
  {
    group: 'w_home',
    title: text('Daily cashback on slots', { CN: '老虎机每日返水', MY: 'Pulangan tunai harian untuk slot' }),
    linkageType: 'ROUTE',
    linkage: '/rng',
  },
  {
    group: 'w_home',
    title: text('Play anywhere: get the app', {
      CN: '随时随地畅玩：下载APP',
      MY: 'Main di mana-mana: muat turun aplikasi',
    }),
    linkageType: 'ROUTE',
    linkage: '/down',
  },
];

const GROUP_TITLES: Record<BannerGroup, LocalizedText> = {
  w_home: text('Welcome'),
  w_rng: text('Slots: thousands of reels', { CN: '老虎机：海量游戏', MY: 'Slot: ribuan permainan' }),
  w_live: text('Live casino tables, day and night', {
    CN: '真人娱乐场，日夜不停',
    MY: 'Kasino langsung, siang dan malam',
  }),
  w_fish: text('Fishing: aim for the big prize', {
    CN: '捕鱼：瞄准大奖',
    MY: 'Memancing: sasarkan hadiah besar',
  }),
  w_pvp: text('Card rooms: play against real people', {
    CN: '棋牌：真人对战',
    MY: 'Bilik kad: lawan pemain sebenar',
  }),
  w_sports: text('Sports: the best odds every match', {
    CN: '体育：每场最佳赔率',
    MY: 'Sukan: odds terbaik setiap perlawanan',
  }),
  w_esports: text('Esports: bet on every major', {
    CN: '电竞：投注各大赛事',
    MY: 'E-sukan: bertaruh setiap kejohanan',
  }),
  w_lott: text('Lottery: draws every few minutes', {
    CN: '彩票：每几分钟开奖',
    MY: 'Loteri: cabutan setiap beberapa minit',
  }),
  w_cockfight: text('Sabong: live fights every day', {
    CN: '斗鸡：每日直播',
    MY: 'Sabung ayam: perlawanan setiap hari',
  }),
  w_promotion: text('Promotions for every player', {
    CN: '每位玩家都有优惠',
    MY: 'Promosi untuk setiap pemain',
  }),
  w_shop: text('Points mall: redeem your points', {
    CN: '积分商城：兑换积分',
    MY: 'Pusat mata: tebus mata anda',
  }),
  w_help: text('Help centre: we are here 24/7', {
    CN: '帮助中心：全天候服务',
    MY: 'Pusat bantuan: 24/7 bersama anda',
  }),
  w_reg: text('Join today', { CN: '立即加入', MY: 'Sertai hari ini' }),
  w_register: text('Sign up and claim your welcome bonus', {
    CN: '注册领取迎新奖金',
    MY: 'Daftar dan tuntut bonus alu-aluan',
  }),
};

function groupBanners(groups: BannerGroup[]): DemoBanner[] {
  return groups.map((group) => ({ group, title: GROUP_TITLES[group] }));
}

const NOTICES: DemoNotice[] = [
  {
    type: 'PL',
    title: text('Scheduled maintenance of PG Soft', {
      CN: 'PG电子例行维护',
      MY: 'Penyelenggaraan berjadual PG Soft',
    }),
    content: text(
      '<p>PG Soft games will be unavailable on Tuesday from 02:00 to 04:00. Balances are safe and will be returned to your main wallet.</p>',
      {
        CN: '<p>PG电子将于周二02:00至04:00维护，期间游戏暂停。余额安全，将退回主钱包。</p>',
        MY: '<p>Permainan PG Soft tidak tersedia pada hari Selasa dari 02:00 hingga 04:00. Baki anda selamat dan akan dikembalikan ke dompet utama.</p>',
      },
    ),
  },
  {
    type: 'PL',
    title: text('New payment method: GCash instant deposit', {
      CN: '新增支付方式：GCash即时存款',
      MY: 'Kaedah bayaran baharu: deposit segera GCash',
    }),
    content: text('<p>Deposit with GCash and see your balance in under a minute. Minimum deposit P100.</p>', {
      CN: '<p>使用GCash存款，一分钟内到账。最低存款P100。</p>',
      MY: '<p>Deposit dengan GCash dan baki dikemas kini dalam masa kurang seminit. Deposit minimum P100.</p>',
    }),
  },
  {
    type: 'PL',
    title: text('Beware of fake websites', { CN: '谨防钓鱼网站', MY: 'Berhati-hati dengan laman palsu' }),
    content: text(
      '<p>Always check the address bar. Our staff will never ask for your password or payment password.</p>',
      {
        CN: '<p>请始终核对网址。客服绝不会索要您的密码或支付密码。</p>',
        MY: '<p>Sentiasa semak bar alamat. Kakitangan kami tidak akan meminta kata laluan atau kata laluan pembayaran anda.</p>',
      },
    ),
  },
  {
    type: 'PU',
    title: text('Welcome!', { CN: '欢迎！', MY: 'Selamat datang!' }),
    content: text('<p>New members get a 100% first-deposit bonus. See Promotions for the terms.</p>', {
      CN: '<p>新会员首存享100%奖金，详情请见优惠活动。</p>',
      MY: '<p>Ahli baharu mendapat bonus deposit pertama 100%. Lihat Promosi untuk terma.</p>',
    }),
  },
  {
    type: 'PR',
    title: text('Weekend reload bonus 20%', {
      CN: '周末再存20%奖金',
      MY: 'Bonus tambah nilai hujung minggu 20%',
    }),
    content: text('<p>Every Saturday and Sunday, reload and get 20% extra up to P2,000.</p>', {
      CN: '<p>每周六日再存款，可获20%额外奖金，最高P2,000。</p>',
      MY: '<p>Setiap Sabtu dan Ahad, tambah nilai dan dapat 20% tambahan sehingga P2,000.</p>',
    }),
  },
];

const GOLDEN_RULES: DemoRule[] = [
  rule('username', true, true, 'LETTER_FIRST_ALNUM', 2, 15),
  rule('password', true, true, 'LETTERS_AND_DIGITS', 6, 20),
  rule('confirmPassword', true, true, 'LETTERS_AND_DIGITS', 6, 20),
  rule('mobileNum', true, true, 'DIGITS', 10, 10),
  rule('verificationCode', true, false, 'DIGITS', 0, 255),
  rule('payeeName', true, true, 'ENGLISH_SPACES', 2, 50),
  rule('email', true, false, 'EMAIL', 5, 100),
  rule('affiliateCode', true, false, 'ALNUM', 4, 20),
  rule('captcha', false, false, 'ALNUM', 4, 6),
  rule('paymentPassword', false, false, 'DIGITS', 6, 6),
  rule('recommenderId', false, false, 'ALNUM', 2, 20),
  rule('qqNum', false, false, 'DIGITS', 5, 12),
  rule('line', false, false, 'NO_SPACES', 2, 30),
  rule('whatsapp', true, false, 'DIGITS', 8, 15),
  rule('facebook', false, false, 'NO_SPACES', 2, 50),
  rule('wechat', false, false, 'NO_SPACES', 2, 30),
  rule('idNumber', false, false, 'ALNUM', 6, 20),
];

const LOTUS_RULES: DemoRule[] = [
  rule('username', true, true, 'LETTER_FIRST_ALNUM', 4, 12),
  rule('password', true, true, 'LETTERS_AND_DIGITS', 8, 20),
  rule('confirmPassword', true, true, 'LETTERS_AND_DIGITS', 8, 20),
  rule('mobileNum', true, true, 'DIGITS', 9, 11),
  rule('verificationCode', false, false, 'DIGITS', 0, 255),
  rule('payeeName', true, true, 'UPPER_SPACES', 2, 60),
  rule('email', true, true, 'EMAIL', 5, 100),
  rule('affiliateCode', true, false, 'ALNUM', 4, 20),
  rule('captcha', true, true, 'ALNUM', 4, 4),
  rule('paymentPassword', true, true, 'DIGITS', 6, 6),
  rule('recommenderId', false, false, 'ALNUM', 2, 20),
  rule('qqNum', false, false, 'DIGITS', 5, 12),
  rule('line', false, false, 'NO_SPACES', 2, 30),
  rule('whatsapp', false, false, 'DIGITS', 8, 15),
  rule('facebook', false, false, 'NO_SPACES', 2, 50),
  rule('wechat', true, false, 'NO_SPACES', 2, 30),
  rule('idNumber', true, false, 'ALNUM', 6, 20),
];

const GROUPS_EXCEPT_HOME = BANNER_GROUPS.filter((g) => g !== 'w_home');

export const DEMO_BRANDS: DemoBrand[] = [
  {
    code: 'GOLDEN',
    legacyCrypto: true,
    geetestId: 'c9a2e7f41b8d3e65a0f7d2b4c8e1f306',
    name: 'Golden Palm',
    hosts: ['localhost', '127.0.0.1', 'golden.localhost'],
    defaultLanguage: 'EN',
    languages: ['EN', 'CN', 'MY', 'ID', 'TH', 'VI', 'TY'],
    currencySymbol: 'P',
    timezone: 'Asia/Manila',
    loginedToHomePage: false,
    blockedCountries: ['US', 'SG'],
    gtagId: null,
    flags: {
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      MOBILENUMPASSREG3: true,
      REGMOBVERF3: true,
      DIRECTREG3: true,
      CHNGPASSVERIF3: true,
      MOBILEVERCODELOGIN3: true,
    },
    switches: {
      FREEPLAY: true,
      FORCECHANGEPASS: true,
      PHONELOGIN: true,
      SALARY: true,
      HOURSALARY: true,
      REALTIMESALARY: true,
      CONTRACT: true,
      SOCIALFACEBOOK: false,
      SOCIALGOOGLE: false,
    },
    rules: GOLDEN_RULES,
    vendors: ALL_VENDORS,
    banners: [...HOME_BANNERS_GOLDEN, ...groupBanners(GROUPS_EXCEPT_HOME)],
    notices: NOTICES,
    helpTags: ['about', 'faq', 'deposit', 'withdraw', 'agent', 'term', 'privacy', 'responsible', 'contact'],
    social: {
      facebook: 'https://www.facebook.com/goldenpalm.example',
      telegram: 'https://t.me/goldenpalm_example',
      whatsapp: 'https://wa.me/639170000000',
    },
    licence: text(
      'Golden Palm is operated under a gaming licence for online casino, sports and lottery. Players must be 18 or older.',
      {
        CN: 'Golden Palm 持有在线娱乐场、体育与彩票博彩牌照运营。玩家须年满18岁。',
        MY: 'Golden Palm dikendalikan di bawah lesen permainan untuk kasino dalam talian, sukan dan loteri. Pemain mesti berumur 18 tahun ke atas.',
      },
    ),
    stats: { avgDepositSeconds: 95, avgWithdrawSeconds: 270 },
    domains: [
      { domain: 'www.goldenpalm.example', speed: 38 },
      { domain: 'm.goldenpalm.example', speed: 52 },
      { domain: 'gp2.goldenpalm.example', speed: 117 },
    ],
    resources: [
      { type: 'IOS', url: 'https://download.goldenpalm.example/ios' },
      { type: 'ANDROID', url: 'https://download.goldenpalm.example/android.apk' },
      { type: 'LITE', url: 'https://www.goldenpalm.example/' },
    ],
    customerService: [
      { position: 'HOME', type: 'LIVECHAT', url: '/helpmc#contact', key: 'Gp7xQ2ka' },
      { position: 'HOME', type: 'VIP', url: '/helpmc#contact', key: 'Vp3mZ9qe' },
    ],
    cashier: {
      singleWallet: false,
      withdrawMin: '100.00',
      withdrawMax: '50000.00',
      withdrawDailyCount: 5,
      withdrawConfirmMinutes: 30,
      uplineTransfer: true,
      channels: [
        {
          code: 'BANK_BDO',
          kind: 'BANK',
          name: text('Bank transfer (BDO)', { CN: '银行转账 (BDO)', TY: 'Bank transfer (BDO)' }),
          min: '100.00',
          max: '100000.00',
          feeBp: 0,
          feeFixed: '0',
          presets: ['100', '500', '1000', '5000'],
          bank: {
            bankName: 'BDO Unibank',
            accountName: 'Golden Palm Payments Inc.',
            accountNo: '0012345678901',
          },
        },
        {
          code: 'EWALLET_DEMO',
          kind: 'ONLINE',
          name: text('E-wallet (instant)', { CN: '电子钱包（即时）', TY: 'E-wallet (instant)' }),
          min: '50.00',
          max: '20000.00',
          feeBp: 150,
          feeFixed: '0',
          presets: ['50', '200', '500', '2000'],
          gateway: 'DEMO',
        },
      ],
      payoutBanks: [
        { code: 'BDO', kind: 'BANK', name: 'BDO Unibank' },
        { code: 'BPI', kind: 'BANK', name: 'Bank of the Philippine Islands' },
        { code: 'METROBANK', kind: 'BANK', name: 'Metrobank' },
        { code: 'GCASH', kind: 'EWALLET', name: 'GCash' },
        { code: 'MAYA', kind: 'EWALLET', name: 'Maya' },
      ],
    },
    accounts: [
      {
        username: 'agent01',
        password: 'agent1234',
        isAgent: 1,
        affiliateCode: 'GOLD2026',
        payeeName: 'GOLDEN AGENT',
        paymentPassword: '123456',
        openingBalance: '20000.00',
      },
      {
        username: 'demo01',
        password: 'demo1234',
        isAgent: 0,
        upline: 'agent01',
        payeeName: 'DEMO PLAYER',
        email: 'demo01@goldenpalm.example',
        mobile: { dialing: '63', number: '9170000001' },
        paymentPassword: '123456',
        openingBalance: '5000.00',
      },
      // The agent centre's demo team (ISSUE 8): a sub-agent of agent01 with a member of its own.
      {
        username: 'agent02',
        password: 'agent1234',
        isAgent: 2,
        affiliateCode: 'GOLDSUB2',
        upline: 'agent01',
        payeeName: 'GOLDEN SUB AGENT',
        paymentPassword: '123456',
        openingBalance: '3000.00',
      },
      {
        username: 'demo02',
        password: 'demo1234',
        isAgent: 0,
        upline: 'agent02',
        payeeName: 'DEMO PLAYER TWO',
        openingBalance: '800.00',
      },
    ],
  },
  {
    code: 'LOTUS',
    name: 'Royal Lotus',
    hosts: ['lotus.localhost'],
    defaultLanguage: 'MY',
    languages: ['MY', 'EN'],
    currencySymbol: 'RM',
    timezone: 'Asia/Kuala_Lumpur',
    // Lower fast-game (Lott) and higher VN (Elott) odds than Golden Palm's defaults (95% and 97%).
    lotteryRtpBp: { Lott: 9300, Elott: 9750 },
    loginedToHomePage: true,
    blockedCountries: ['US'],
    gtagId: null,
    flags: {
      USERNAMEREG3: true,
      MOBILENUMREG3: false,
      MOBILENUMPASSREG3: false,
      REGMOBVERF3: false,
      DIRECTREG3: true,
      CHNGPASSVERIF3: false,
      MOBILEVERCODELOGIN3: false,
    },
    switches: {
      FREEPLAY: false,
      FORCECHANGEPASS: true,
      PHONELOGIN: false,
      SALARY: true,
      HOURSALARY: false,
      REALTIMESALARY: false,
      CONTRACT: true,
      SOCIALFACEBOOK: false,
      SOCIALGOOGLE: false,
    },
    rules: LOTUS_RULES,
    // No esports and no cockfight vendors: the esports category stays out of the navigation,
    // the cockfight category is still shown (SPEC section 2).
    vendors: ALL_VENDORS.filter(
      (v) => v.gameType !== 'ESPORTS' && v.gameType !== 'COCKFIGHT' && v.code !== 'SPADE',
    ),
    banners: [
      {
        group: 'w_home',
        title: text('Royal welcome: 150% first deposit', { MY: 'Sambutan diraja: deposit pertama 150%' }),
        linkageType: 'ROUTE',
        linkage: '/promotions',
      },
      {
        group: 'w_home',
        title: text('Live casino every night', { MY: 'Kasino langsung setiap malam' }),
        linkageType: 'ROUTE',
        linkage: '/live',
      },
      ...groupBanners(GROUPS_EXCEPT_HOME),
    ],
    notices: NOTICES.slice(0, 2).concat(NOTICES.slice(3)),
    helpTags: ['about', 'faq', 'deposit', 'withdraw', 'term', 'privacy', 'responsible', 'contact'],
    social: {
      facebook: 'https://www.facebook.com/royallotus.example',
      telegram: 'https://t.me/royallotus_example',
      whatsapp: 'https://wa.me/60120000000',
    },
    licence: text('Royal Lotus is a licensed online gaming operator. Players must be 21 or older.', {
      MY: 'Royal Lotus ialah pengendali permainan dalam talian berlesen. Pemain mesti berumur 21 tahun ke atas.',
    }),
    stats: { avgDepositSeconds: 120, avgWithdrawSeconds: 300 },
    domains: [
      { domain: 'www.royallotus.example', speed: 41 },
      { domain: 'rl2.royallotus.example', speed: 88 },
    ],
    resources: [
      { type: 'IOS', url: 'https://download.royallotus.example/ios' },
      { type: 'ANDROID', url: 'https://download.royallotus.example/android.apk' },
      { type: 'LITE', url: 'https://www.royallotus.example/' },
    ],
    customerService: [
      { position: 'HOME', type: 'LIVECHAT', url: '/helpmc#contact', key: 'Rl5kW8pa' },
      { position: 'HOME', type: 'VIP', url: '/helpmc#contact', key: 'Rv2nT4xs' },
    ],
    cashier: {
      singleWallet: true,
      withdrawMin: '50.00',
      withdrawMax: '30000.00',
      withdrawDailyCount: 3,
      withdrawConfirmMinutes: 60,
      uplineTransfer: false,
      channels: [
        {
          code: 'BANK_MAYBANK',
          kind: 'BANK',
          name: text('Bank transfer (Maybank)', { MY: 'Pindahan bank (Maybank)' }),
          min: '30.00',
          max: '50000.00',
          feeBp: 0,
          feeFixed: '0',
          presets: ['30', '100', '300', '1000'],
          bank: { bankName: 'Maybank', accountName: 'Royal Lotus Sdn Bhd', accountNo: '514012345678' },
        },
        {
          code: 'FPX_DEMO',
          kind: 'ONLINE',
          name: text('Online banking (FPX)', { MY: 'Perbankan dalam talian (FPX)' }),
          min: '10.00',
          max: '10000.00',
          feeBp: 0,
          feeFixed: '1.00',
          presets: ['10', '50', '100', '500'],
          gateway: 'DEMO',
        },
      ],
      payoutBanks: [
        { code: 'MAYBANK', kind: 'BANK', name: 'Maybank' },
        { code: 'CIMB', kind: 'BANK', name: 'CIMB Bank' },
        { code: 'TNG', kind: 'EWALLET', name: "Touch 'n Go eWallet" },
      ],
    },
    accounts: [
      {
        username: 'agent01',
        password: 'agent1234',
        isAgent: 1,
        affiliateCode: 'LOTUS2026',
        payeeName: 'LOTUS AGENT',
        paymentPassword: '123456',
        openingBalance: '10000.00',
      },
      {
        username: 'demo01',
        password: 'demo1234',
        isAgent: 0,
        upline: 'agent01',
        payeeName: 'DEMO PLAYER',
        paymentPassword: '123456',
        openingBalance: '2000.00',
      },
    ],
  },
];
