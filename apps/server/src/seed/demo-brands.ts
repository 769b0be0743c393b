import {
  BANNER_GROUPS,
  CHAT_PATH,
  PLATFORM_THEME,
  type BrandTheme,
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

/** A brand text in every site language: the type makes a missing language a compile error. */
export type Texts = Record<Language, string>;

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
  title: Texts;
  linkageType?: 'ROUTE' | 'URL';
  linkage?: string;
}

export interface DemoNotice {
  type: 'PL' | 'PU' | 'PR';
  title: Texts;
  content: Texts;
}

export interface DemoBrand {
  code: string;
  name: string;
  hosts: string[];
  defaultLanguage: Language;
  languages: Language[];
  /** ISO 4217: what the brand's amounts are in. */
  currency: string;
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
  licence: Texts;
  stats: { avgDepositSeconds: number; avgWithdrawSeconds: number };
  domains: { domain: string; speed: number }[];
  resources: { type: string; url: string }[];
  customerService: { position: string; type: 'VIP' | 'LIVECHAT'; url: string; key: string }[];
  /** Demo accounts (README lists their passwords): an agent with an affiliate code and a member under it. */
  accounts: DemoAccount[];
  cashier: DemoCashier;
  /** The brand's look: colours (light and dark), fonts, radius (contracts brandThemeSchema). */
  theme: BrandTheme;
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
  /** A payment from this amount on needs a second staff member (maker-checker). */
  withdrawalApprovalThreshold: string;
  withdrawDailyCount: number;
  withdrawConfirmMinutes: number;
  uplineTransfer: boolean;
  channels: {
    code: string;
    kind: 'BANK' | 'ONLINE';
    name: Texts;
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

const HOME_BANNERS_GOLDEN: DemoBanner[] = [
  {
    group: 'w_home',
    title: {
      EN: 'Welcome bonus 100% up to P5,000',
      CN: '首存100%奖金，最高P5,000',
      ID: 'Bonus sambutan 100% hingga P5.000',
      MY: 'Bonus alu-aluan 100% sehingga P5,000',
      TH: 'โบนัสต้อนรับ 100% สูงสุด P5,000',
      TY: 'Pambungad na bonus na 100% hanggang P5,000',
      VI: 'Thưởng chào mừng 100% lên đến P5.000',
    },
    linkageType: 'ROUTE',
    linkage: '/promotions',
  },
  {
    group: 'w_home',
    title: {
      EN: 'Daily cashback on slots',
      CN: '老虎机每日返水',
      ID: 'Cashback harian untuk slot',
      MY: 'Pulangan tunai harian untuk slot',
      TH: 'เงินคืนสล็อตทุกวัน',
      TY: 'Araw-araw na cashback sa slots',
      VI: 'Hoàn tiền slot mỗi ngày',
    },
    linkageType: 'ROUTE',
    linkage: '/rng',
  },
  {
    group: 'w_home',
    title: {
      EN: 'Play anywhere: get the app',
      CN: '随时随地畅玩：下载APP',
      ID: 'Main di mana saja: unduh aplikasinya',
      MY: 'Main di mana-mana: muat turun aplikasi',
      TH: 'เล่นได้ทุกที่: ดาวน์โหลดแอป',
      TY: 'Maglaro kahit saan: i-download ang app',
      VI: 'Chơi mọi lúc mọi nơi: tải ứng dụng',
    },
    linkageType: 'ROUTE',
    linkage: '/down',
  },
];

const GROUP_TITLES: Record<BannerGroup, Texts> = {
  w_home: {
    EN: 'Welcome',
    CN: '欢迎',
    ID: 'Selamat datang',
    MY: 'Selamat datang',
    TH: 'ยินดีต้อนรับ',
    TY: 'Maligayang pagdating',
    VI: 'Chào mừng',
  },
  w_rng: {
    EN: 'Slots: thousands of reels',
    CN: '老虎机：海量游戏',
    ID: 'Slot: ribuan permainan',
    MY: 'Slot: ribuan permainan',
    TH: 'สล็อต: เกมนับพัน',
    TY: 'Slots: libu-libong laro',
    VI: 'Slot: hàng nghìn trò chơi',
  },
  w_live: {
    EN: 'Live casino tables, day and night',
    CN: '真人娱乐场，日夜不停',
    ID: 'Meja kasino langsung, siang dan malam',
    MY: 'Kasino langsung, siang dan malam',
    TH: 'คาสิโนสด เปิดทั้งวันทั้งคืน',
    TY: 'Mga mesa ng live casino, araw at gabi',
    VI: 'Sòng bài trực tiếp, ngày đêm không nghỉ',
  },
  w_fish: {
    EN: 'Fishing: aim for the big prize',
    CN: '捕鱼：瞄准大奖',
    ID: 'Tembak ikan: bidik hadiah besar',
    MY: 'Memancing: sasarkan hadiah besar',
    TH: 'ยิงปลา: เล็งรางวัลใหญ่',
    TY: 'Pangingisda: asintahin ang malaking premyo',
    VI: 'Bắn cá: nhắm giải thưởng lớn',
  },
  w_pvp: {
    EN: 'Card rooms: play against real people',
    CN: '棋牌：真人对战',
    ID: 'Ruang kartu: lawan pemain sungguhan',
    MY: 'Bilik kad: lawan pemain sebenar',
    TH: 'ห้องไพ่: เล่นกับผู้เล่นจริง',
    TY: 'Mga card room: kalabanin ang totoong tao',
    VI: 'Phòng bài: đấu với người chơi thật',
  },
  w_sports: {
    EN: 'Sports: the best odds every match',
    CN: '体育：每场最佳赔率',
    ID: 'Olahraga: odds terbaik di setiap pertandingan',
    MY: 'Sukan: odds terbaik setiap perlawanan',
    TH: 'กีฬา: ราคาต่อรองดีที่สุดทุกนัด',
    TY: 'Palakasan: pinakamagandang odds sa bawat laban',
    VI: 'Thể thao: tỷ lệ cược tốt nhất mọi trận',
  },
  w_esports: {
    EN: 'Esports: bet on every major',
    CN: '电竞：投注各大赛事',
    ID: 'Esports: pasang taruhan di setiap turnamen besar',
    MY: 'E-sukan: bertaruh setiap kejohanan',
    TH: 'อีสปอร์ต: เดิมพันทุกทัวร์นาเมนต์ใหญ่',
    TY: 'Esports: tumaya sa bawat malaking torneo',
    VI: 'Thể thao điện tử: cược mọi giải đấu lớn',
  },
  w_lott: {
    EN: 'Lottery: draws every few minutes',
    CN: '彩票：每几分钟开奖',
    ID: 'Lotere: undian setiap beberapa menit',
    MY: 'Loteri: cabutan setiap beberapa minit',
    TH: 'ลอตเตอรี่: ออกผลทุกไม่กี่นาที',
    TY: 'Loterya: may bunutan bawat ilang minuto',
    VI: 'Xổ số: quay thưởng vài phút một lần',
  },
  w_cockfight: {
    EN: 'Sabong: live fights every day',
    CN: '斗鸡：每日直播',
    ID: 'Sabung ayam: pertarungan langsung setiap hari',
    MY: 'Sabung ayam: perlawanan setiap hari',
    TH: 'ชนไก่: ถ่ายทอดสดทุกวัน',
    TY: 'Sabong: live na laban araw-araw',
    VI: 'Đá gà: trực tiếp mỗi ngày',
  },
  w_promotion: {
    EN: 'Promotions for every player',
    CN: '每位玩家都有优惠',
    ID: 'Promosi untuk setiap pemain',
    MY: 'Promosi untuk setiap pemain',
    TH: 'โปรโมชั่นสำหรับผู้เล่นทุกคน',
    TY: 'Mga promosyon para sa bawat manlalaro',
    VI: 'Khuyến mãi cho mọi người chơi',
  },
  w_shop: {
    EN: 'Points mall: redeem your points',
    CN: '积分商城：兑换积分',
    ID: 'Toko poin: tukarkan poin Anda',
    MY: 'Pusat mata: tebus mata anda',
    TH: 'ร้านค้าแต้ม: แลกแต้มของคุณ',
    TY: 'Tindahan ng puntos: ipalit ang iyong puntos',
    VI: 'Cửa hàng điểm: đổi điểm của bạn',
  },
  w_help: {
    EN: 'Help centre: we are here 24/7',
    CN: '帮助中心：全天候服务',
    ID: 'Pusat bantuan: kami siap 24/7',
    MY: 'Pusat bantuan: 24/7 bersama anda',
    TH: 'ศูนย์ช่วยเหลือ: พร้อมบริการ 24/7',
    TY: 'Sentro ng tulong: narito kami 24/7',
    VI: 'Trung tâm trợ giúp: luôn sẵn sàng 24/7',
  },
  w_reg: {
    EN: 'Join today',
    CN: '立即加入',
    ID: 'Bergabung hari ini',
    MY: 'Sertai hari ini',
    TH: 'สมัครวันนี้',
    TY: 'Sumali ngayon',
    VI: 'Tham gia ngay hôm nay',
  },
  w_register: {
    EN: 'Sign up and claim your welcome bonus',
    CN: '注册领取迎新奖金',
    ID: 'Daftar dan klaim bonus sambutan Anda',
    MY: 'Daftar dan tuntut bonus alu-aluan',
    TH: 'สมัครสมาชิกแล้วรับโบนัสต้อนรับ',
    TY: 'Mag-sign up at kunin ang iyong pambungad na bonus',
    VI: 'Đăng ký và nhận thưởng chào mừng',
  },
};

function groupBanners(groups: BannerGroup[]): DemoBanner[] {
  return groups.map((group) => ({ group, title: GROUP_TITLES[group] }));
}

const NOTICES: DemoNotice[] = [
  {
    type: 'PL',
    title: {
      EN: 'Scheduled maintenance of PG Soft',
      CN: 'PG电子例行维护',
      ID: 'Pemeliharaan terjadwal PG Soft',
      MY: 'Penyelenggaraan berjadual PG Soft',
      TH: 'ปิดปรับปรุงระบบ PG Soft ตามกำหนด',
      TY: 'Nakatakdang maintenance ng PG Soft',
      VI: 'Bảo trì định kỳ PG Soft',
    },
    content: {
      EN: '<p>PG Soft games will be unavailable on Tuesday from 02:00 to 04:00. Balances are safe and will be returned to your main wallet.</p>',
      CN: '<p>PG电子将于周二02:00至04:00维护，期间游戏暂停。余额安全，将退回主钱包。</p>',
      ID: '<p>Permainan PG Soft tidak tersedia pada hari Selasa pukul 02:00 hingga 04:00. Saldo Anda aman dan akan dikembalikan ke dompet utama.</p>',
      MY: '<p>Permainan PG Soft tidak tersedia pada hari Selasa dari 02:00 hingga 04:00. Baki anda selamat dan akan dikembalikan ke dompet utama.</p>',
      TH: '<p>เกม PG Soft จะปิดให้บริการในวันอังคาร เวลา 02:00 ถึง 04:00 น. ยอดเงินของคุณปลอดภัยและจะถูกโอนกลับเข้ากระเป๋าหลัก</p>',
      TY: '<p>Hindi magagamit ang mga laro ng PG Soft sa Martes mula 02:00 hanggang 04:00. Ligtas ang iyong balanse at ibabalik ito sa iyong main wallet.</p>',
      VI: '<p>Các trò chơi PG Soft sẽ tạm ngừng vào thứ Ba từ 02:00 đến 04:00. Số dư của bạn vẫn an toàn và sẽ được hoàn về ví chính.</p>',
    },
  },
  {
    type: 'PL',
    title: {
      EN: 'New payment method: GCash instant deposit',
      CN: '新增支付方式：GCash即时存款',
      ID: 'Metode pembayaran baru: deposit instan GCash',
      MY: 'Kaedah bayaran baharu: deposit segera GCash',
      TH: 'ช่องทางชำระเงินใหม่: ฝากเงินทันทีผ่าน GCash',
      TY: 'Bagong paraan ng pagbabayad: agarang deposito sa GCash',
      VI: 'Phương thức thanh toán mới: nạp tiền tức thì qua GCash',
    },
    content: {
      EN: '<p>Deposit with GCash and see your balance in under a minute. Minimum deposit P100.</p>',
      CN: '<p>使用GCash存款，一分钟内到账。最低存款P100。</p>',
      ID: '<p>Deposit dengan GCash dan saldo Anda bertambah dalam waktu kurang dari satu menit. Deposit minimum P100.</p>',
      MY: '<p>Deposit dengan GCash dan baki dikemas kini dalam masa kurang seminit. Deposit minimum P100.</p>',
      TH: '<p>ฝากเงินผ่าน GCash ยอดเงินเข้าภายในไม่ถึงหนึ่งนาที ฝากขั้นต่ำ P100</p>',
      TY: '<p>Mag-deposito gamit ang GCash at makikita mo ang iyong balanse sa loob ng wala pang isang minuto. Pinakamababang deposito: P100.</p>',
      VI: '<p>Nạp tiền bằng GCash, số dư được cập nhật trong chưa đầy một phút. Nạp tối thiểu P100.</p>',
    },
  },
  {
    type: 'PL',
    title: {
      EN: 'Beware of fake websites',
      CN: '谨防钓鱼网站',
      ID: 'Waspadai situs palsu',
      MY: 'Berhati-hati dengan laman palsu',
      TH: 'ระวังเว็บไซต์ปลอม',
      TY: 'Mag-ingat sa mga pekeng website',
      VI: 'Cảnh giác với trang web giả mạo',
    },
    content: {
      EN: '<p>Always check the address bar. Our staff will never ask for your password or payment password.</p>',
      CN: '<p>请始终核对网址。客服绝不会索要您的密码或支付密码。</p>',
      ID: '<p>Selalu periksa bilah alamat. Staf kami tidak akan pernah meminta kata sandi atau kata sandi pembayaran Anda.</p>',
      MY: '<p>Sentiasa semak bar alamat. Kakitangan kami tidak akan meminta kata laluan atau kata laluan pembayaran anda.</p>',
      TH: '<p>ตรวจสอบแถบที่อยู่ทุกครั้ง เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่านหรือรหัสผ่านการชำระเงินของคุณเด็ดขาด</p>',
      TY: '<p>Laging suriin ang address bar. Hindi kailanman hihingin ng aming staff ang iyong password o payment password.</p>',
      VI: '<p>Luôn kiểm tra thanh địa chỉ. Nhân viên của chúng tôi không bao giờ hỏi mật khẩu hay mật khẩu thanh toán của bạn.</p>',
    },
  },
  {
    type: 'PU',
    title: {
      EN: 'Welcome!',
      CN: '欢迎！',
      ID: 'Selamat datang!',
      MY: 'Selamat datang!',
      TH: 'ยินดีต้อนรับ!',
      TY: 'Maligayang pagdating!',
      VI: 'Chào mừng bạn!',
    },
    content: {
      EN: '<p>New members get a 100% first-deposit bonus. See Promotions for the terms.</p>',
      CN: '<p>新会员首存享100%奖金，详情请见优惠活动。</p>',
      ID: '<p>Member baru mendapatkan bonus deposit pertama 100%. Lihat Promosi untuk syarat dan ketentuannya.</p>',
      MY: '<p>Ahli baharu mendapat bonus deposit pertama 100%. Lihat Promosi untuk terma.</p>',
      TH: '<p>สมาชิกใหม่รับโบนัสฝากครั้งแรก 100% ดูเงื่อนไขได้ที่หน้าโปรโมชั่น</p>',
      TY: '<p>May 100% bonus sa unang deposito ang mga bagong miyembro. Tingnan ang Mga Promosyon para sa mga tuntunin.</p>',
      VI: '<p>Hội viên mới nhận thưởng 100% cho lần nạp đầu tiên. Xem điều khoản tại mục Khuyến mãi.</p>',
    },
  },
  {
    type: 'PR',
    title: {
      EN: 'Weekend reload bonus 20%',
      CN: '周末再存20%奖金',
      ID: 'Bonus reload akhir pekan 20%',
      MY: 'Bonus tambah nilai hujung minggu 20%',
      TH: 'โบนัสเติมเงินสุดสัปดาห์ 20%',
      TY: 'Reload bonus na 20% tuwing Sabado at Linggo',
      VI: 'Thưởng nạp lại cuối tuần 20%',
    },
    content: {
      EN: '<p>Every Saturday and Sunday, reload and get 20% extra up to P2,000.</p>',
      CN: '<p>每周六日再存款，可获20%额外奖金，最高P2,000。</p>',
      ID: '<p>Setiap Sabtu dan Minggu, lakukan reload dan dapatkan tambahan 20% hingga P2.000.</p>',
      MY: '<p>Setiap Sabtu dan Ahad, tambah nilai dan dapat 20% tambahan sehingga P2,000.</p>',
      TH: '<p>ทุกวันเสาร์และอาทิตย์ เติมเงินรับเพิ่ม 20% สูงสุด P2,000</p>',
      TY: '<p>Tuwing Sabado at Linggo, mag-reload at makakuha ng dagdag na 20% hanggang P2,000.</p>',
      VI: '<p>Mỗi thứ Bảy và Chủ nhật, nạp lại để nhận thêm 20%, tối đa P2.000.</p>',
    },
  },
];

/**
 * Royal Lotus: plum and rose with a champagne accent, serif headings, square-cut corners and
 * buttons, on warm ivory (light) or aubergine (dark); nothing like Golden Palm's green and gold.
 */
const LOTUS_THEME: BrandTheme = {
  light: {
    bg: '#f8f3ee',
    surface: '#fffdfb',
    surface2: '#f1e7e1',
    text: '#2b1822',
    textMuted: '#6e5664',
    border: '#e3d3cb',
    primary: '#a3285f',
    primaryInk: '#ffffff',
    accent: '#d7a86e',
    accentInk: '#2b1606',
    headerBg: '#3d0f2b',
    headerInk: '#f6dcc0',
    headerMuted: '#cfa9bb',
  },
  dark: {
    bg: '#140a10',
    surface: '#21121b',
    surface2: '#2c1824',
    text: '#f4e8ee',
    textMuted: '#baa0af',
    border: '#3e2634',
    primary: '#e0649d',
    primaryInk: '#1c0612',
    accent: '#e6bb86',
    accentInk: '#2b1606',
    headerBg: '#0c0509',
    headerInk: '#f6dcc0',
    headerMuted: '#a98a9a',
  },
  font: 'humanist',
  headingFont: 'serif',
  radius: 4,
  pillButtons: false,
};

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
    currency: 'PHP',
    currencySymbol: 'P',
    timezone: 'Asia/Manila',
    theme: PLATFORM_THEME,
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
    licence: {
      EN: 'Golden Palm is operated under a gaming licence for online casino, sports and lottery. Players must be 18 or older.',
      CN: 'Golden Palm 持有在线娱乐场、体育与彩票博彩牌照运营。玩家须年满18岁。',
      ID: 'Golden Palm beroperasi dengan lisensi permainan untuk kasino online, olahraga, dan lotere. Pemain harus berusia 18 tahun ke atas.',
      MY: 'Golden Palm dikendalikan di bawah lesen permainan untuk kasino dalam talian, sukan dan loteri. Pemain mesti berumur 18 tahun ke atas.',
      TH: 'Golden Palm ดำเนินการภายใต้ใบอนุญาตสำหรับคาสิโนออนไลน์ กีฬา และลอตเตอรี่ ผู้เล่นต้องมีอายุ 18 ปีขึ้นไป',
      TY: 'Ang Golden Palm ay pinapatakbo sa ilalim ng lisensya sa paglalaro para sa online casino, palakasan at loterya. Dapat 18 taong gulang pataas ang mga manlalaro.',
      VI: 'Golden Palm hoạt động theo giấy phép trò chơi cho sòng bài trực tuyến, thể thao và xổ số. Người chơi phải từ 18 tuổi trở lên.',
    },
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
      { position: 'HOME', type: 'LIVECHAT', url: CHAT_PATH, key: 'Gp7xQ2ka' },
      { position: 'HOME', type: 'VIP', url: CHAT_PATH, key: 'Vp3mZ9qe' },
    ],
    cashier: {
      singleWallet: false,
      withdrawMin: '100.00',
      withdrawMax: '50000.00',
      withdrawalApprovalThreshold: '5000.00',
      withdrawDailyCount: 5,
      withdrawConfirmMinutes: 30,
      uplineTransfer: true,
      channels: [
        {
          code: 'BANK_BDO',
          kind: 'BANK',
          name: {
            EN: 'Bank transfer (BDO)',
            CN: '银行转账 (BDO)',
            ID: 'Transfer bank (BDO)',
            MY: 'Pindahan bank (BDO)',
            TH: 'โอนผ่านธนาคาร (BDO)',
            TY: 'Paglilipat sa bangko (BDO)',
            VI: 'Chuyển khoản ngân hàng (BDO)',
          },
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
          name: {
            EN: 'E-wallet (instant)',
            CN: '电子钱包（即时）',
            ID: 'Dompet digital (instan)',
            MY: 'E-dompet (segera)',
            TH: 'อีวอลเล็ท (เข้าทันที)',
            TY: 'E-wallet (agaran)',
            VI: 'Ví điện tử (tức thì)',
          },
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
      // The agent centre's demo team: a sub-agent of agent01 with a member of its own.
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
    currency: 'MYR',
    currencySymbol: 'RM',
    timezone: 'Asia/Kuala_Lumpur',
    theme: LOTUS_THEME,
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
        title: {
          EN: 'Royal welcome: 150% first deposit',
          CN: '皇家迎宾礼：首存150%',
          ID: 'Sambutan istimewa: deposit pertama 150%',
          MY: 'Sambutan diraja: deposit pertama 150%',
          TH: 'ต้อนรับระดับรอยัล: ฝากครั้งแรกรับ 150%',
          TY: 'Maharlikang pagsalubong: 150% sa unang deposito',
          VI: 'Chào đón hoàng gia: thưởng 150% lần nạp đầu',
        },
        linkageType: 'ROUTE',
        linkage: '/promotions',
      },
      {
        group: 'w_home',
        title: {
          EN: 'Live casino every night',
          CN: '真人娱乐，夜夜精彩',
          ID: 'Kasino langsung setiap malam',
          MY: 'Kasino langsung setiap malam',
          TH: 'คาสิโนสดทุกคืน',
          TY: 'Live casino gabi-gabi',
          VI: 'Sòng bài trực tiếp mỗi đêm',
        },
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
    licence: {
      EN: 'Royal Lotus is a licensed online gaming operator. Players must be 21 or older.',
      CN: 'Royal Lotus 是持牌的在线博彩运营商。玩家须年满21岁。',
      ID: 'Royal Lotus adalah operator permainan online berlisensi. Pemain harus berusia 21 tahun ke atas.',
      MY: 'Royal Lotus ialah pengendali permainan dalam talian berlesen. Pemain mesti berumur 21 tahun ke atas.',
      TH: 'Royal Lotus เป็นผู้ให้บริการเกมออนไลน์ที่ได้รับใบอนุญาต ผู้เล่นต้องมีอายุ 21 ปีขึ้นไป',
      TY: 'Ang Royal Lotus ay isang lisensyadong operator ng online na paglalaro. Dapat 21 taong gulang pataas ang mga manlalaro.',
      VI: 'Royal Lotus là nhà điều hành trò chơi trực tuyến được cấp phép. Người chơi phải từ 21 tuổi trở lên.',
    },
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
      { position: 'HOME', type: 'LIVECHAT', url: CHAT_PATH, key: 'Rl5kW8pa' },
      { position: 'HOME', type: 'VIP', url: CHAT_PATH, key: 'Rv2nT4xs' },
    ],
    cashier: {
      singleWallet: true,
      withdrawMin: '50.00',
      withdrawMax: '30000.00',
      withdrawalApprovalThreshold: '5000.00',
      withdrawDailyCount: 3,
      withdrawConfirmMinutes: 60,
      uplineTransfer: false,
      channels: [
        {
          code: 'BANK_MAYBANK',
          kind: 'BANK',
          name: {
            EN: 'Bank transfer (Maybank)',
            CN: '银行转账 (Maybank)',
            ID: 'Transfer bank (Maybank)',
            MY: 'Pindahan bank (Maybank)',
            TH: 'โอนผ่านธนาคาร (Maybank)',
            TY: 'Paglilipat sa bangko (Maybank)',
            VI: 'Chuyển khoản ngân hàng (Maybank)',
          },
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
          name: {
            EN: 'Online banking (FPX)',
            CN: '网上银行 (FPX)',
            ID: 'Perbankan online (FPX)',
            MY: 'Perbankan dalam talian (FPX)',
            TH: 'ธนาคารออนไลน์ (FPX)',
            TY: 'Online na pagbabangko (FPX)',
            VI: 'Ngân hàng trực tuyến (FPX)',
          },
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
