import { seededRandom } from '../platform/seeded-random';
import type { GameClassify, GameType, HouseEngine, Language } from '@app/contracts';

/*
 * The demo game catalogue: every vendor of the demo brands gets games an operator would import
 * from the vendor. Names are composed from small word tables (a modifier and a noun) translated
 * into every language, so a composed name reads properly in each one: the modifier goes before
 * or after the noun as the language wants it ('{}' marks where the noun goes).
 *
 * Deterministic: the variety comes from a PRNG seeded by fixed strings, so every run (the seed,
 * the icon drawing, the tests) sees the same catalogue.
 */

export type GameNames = Record<Language, string>;

/** Minimum bets the catalogue uses (major units); MIN_BET_FILTERS each fall between two of them. */
export const DEMO_MIN_BETS = ['0.01', '0.02', '0.05', '0.10', '0.20', '0.50', '0.75', '1.00'] as const;
export type DemoMinBet = (typeof DEMO_MIN_BETS)[number];

export interface DemoGame {
  /** Vendor code (demo-brands ALL_VENDORS). */
  vendor: string;
  gameType: GameType;
  /** The vendor's own id of the game. */
  gameId: string;
  /** Unique per vendor; ^[A-Za-z0-9_.-]{1,64}$. */
  gameCode: string;
  names: GameNames;
  classify: GameClassify;
  /** Smallest stake, major units. */
  minBet: DemoMinBet;
  /** Paylines of a slot; 0 for everything else. */
  lines: number;
  hot: boolean;
  /** 'VASSALAGE': the game opens the vendor's popup game list (Kingmaker). */
  isGame: string | null;
  /** The house engine that plays it: the house vendor's games, the simulated studio's slots and cockfights. */
  engine: HouseEngine | null;
}

/** Where a game's icon lives under the brand's image CDN (drawn by scripts/draw-media.ts). */
export function gameIconPath(vendor: string, gameCode: string): string {
  return `games/${vendor}/${gameCode}.svg`;
}

/** The icon the site shows when a game's icon fails to load. */
export const DEFAULT_GAME_ICON_PATH = 'games/default.svg';

/* ---- words ------------------------------------------------------------------------------------ */

/** A word or name in EN, CN, ID, MY, TH, TY, VI order (CN Simplified Chinese, TY Filipino). */
type Words = readonly [en: string, cn: string, id: string, my: string, th: string, ty: string, vi: string];

const ORDER = ['EN', 'CN', 'ID', 'MY', 'TH', 'TY', 'VI'] as const satisfies readonly Language[];

function names(w: Words): GameNames {
  const [EN, CN, ID, MY, TH, TY, VI] = w;
  return { EN, CN, ID, MY, TH, TY, VI };
}

/**
 * Where a modifier goes when its entry has no '{}': English, Chinese and Filipino put it first
 * (Filipino entries carry their linker: "Gintong", "Banal na"); Indonesian, Malay, Thai and
 * Vietnamese put it after the noun. Chinese and Thai write no space between the two.
 */
const MODIFIER_AT: GameNames = {
  EN: '# {}',
  CN: '#{}',
  ID: '{} #',
  MY: '{} #',
  TH: '{}#',
  TY: '# {}',
  VI: '{} #',
};

function compose(modifier: Words, noun: Words): GameNames {
  const out = {} as GameNames;
  ORDER.forEach((lang, i) => {
    const m = modifier[i]!;
    const template = m.includes('{}') ? m : MODIFIER_AT[lang].split('#').join(m);
    out[lang] = template.split('{}').join(noun[i]!);
  });
  return out;
}

const GOLDEN: Words = ['Golden', '黄金', 'Emas', 'Emas', 'ทองคำ', 'Gintong', 'Vàng'];
const LUCKY: Words = ['Lucky', '幸运', 'Beruntung', 'Bertuah', 'นำโชค', 'Masuwerteng', 'May Mắn'];
const MEGA: Words = ['Mega', '超级', 'Mega {}', 'Mega {}', 'เมกะ{}', 'Mega', 'Siêu {}'];
const MYSTIC: Words = ['Mystic', '神秘', 'Misterius', 'Misteri', 'ลึกลับ', 'Misteryosong', 'Bí Ẩn'];
const ROYAL: Words = ['Royal', '皇家', 'Kerajaan', 'Diraja', 'หลวง', 'Maharlikang', 'Hoàng Gia'];
const MAGIC: Words = ['Magic', '魔法', 'Ajaib', 'Ajaib', 'วิเศษ', 'Mahiwagang', 'Thần Kỳ'];
const BLAZING: Words = ['Blazing', '烈焰', 'Membara', 'Membara', 'เพลิง', 'Nagliliyab na', 'Rực Lửa'];
const THUNDER: Words = ['Thunder', '雷霆', 'Petir', 'Petir', 'สายฟ้า', '{} ng Kidlat', 'Sấm Sét'];
const SUPREME: Words = ['Supreme', '至尊', 'Agung', 'Agung', 'ยิ่งใหญ่', 'Dakilang', 'Tối Thượng'];
const HAPPY: Words = ['Happy', '欢乐', 'Ceria', 'Ceria', 'หรรษา', 'Masayang', 'Vui Vẻ'];
const ANCIENT: Words = ['Ancient', '远古', 'Kuno', 'Purba', 'โบราณ', 'Sinaunang', 'Cổ Đại'];
const SACRED: Words = ['Sacred', '神圣', 'Suci', 'Suci', 'ศักดิ์สิทธิ์', 'Banal na', 'Thần Thánh'];
const ETERNAL: Words = ['Eternal', '永恒', 'Abadi', 'Abadi', 'นิรันดร์', 'Walang Hanggang', 'Vĩnh Cửu'];
const DAZZLING: Words = ['Dazzling', '璀璨', 'Berkilau', 'Berkilau', 'เจิดจรัส', 'Makinang na', 'Rực Rỡ'];
const MIDNIGHT: Words = [
  'Midnight',
  '午夜',
  'Tengah Malam',
  'Tengah Malam',
  'ยามเที่ยงคืน',
  '{} ng Hatinggabi',
  'Nửa Đêm',
];
const PROSPEROUS: Words = ['Prosperous', '富贵', 'Makmur', 'Makmur', 'มั่งมี', 'Masaganang', 'Phú Quý'];
const FROZEN: Words = ['Frozen', '冰霜', 'Beku', 'Beku', 'น้ำแข็ง', '{} ng Yelo', 'Băng Giá'];
const ORIENTAL: Words = ['Oriental', '东方', 'Timur', 'Timur', 'แห่งตะวันออก', '{} ng Silangan', 'Phương Đông'];

const SLOT_MODIFIERS = [
  GOLDEN,
  LUCKY,
  MEGA,
  MYSTIC,
  ROYAL,
  MAGIC,
  BLAZING,
  THUNDER,
  SUPREME,
  HAPPY,
  ANCIENT,
  SACRED,
  ETERNAL,
  DAZZLING,
  MIDNIGHT,
  PROSPEROUS,
  FROZEN,
  ORIENTAL,
];
/** Table, arcade, crash and bingo games take the modifiers that suit a game rather than a theme. */
const GAME_MODIFIERS = [GOLDEN, LUCKY, MEGA, ROYAL, SUPREME, HAPPY, MIDNIGHT, THUNDER, DAZZLING, ORIENTAL];
/** Fishing games: modifiers whose Filipino form comes first (a fish name may end in "ng Dagat"). */
const FISH_MODIFIERS = [
  GOLDEN,
  LUCKY,
  MEGA,
  ROYAL,
  BLAZING,
  HAPPY,
  SUPREME,
  ANCIENT,
  MYSTIC,
  MAGIC,
  DAZZLING,
];

const SLOT_NOUNS: Words[] = [
  ['Dragon', '巨龙', 'Naga', 'Naga', 'มังกร', 'Dragon', 'Rồng'],
  ['Koi', '锦鲤', 'Koi', 'Koi', 'ปลาคาร์ป', 'Koi', 'Cá Chép'],
  ['Fortune', '财富', 'Rezeki', 'Rezeki', 'โชคลาภ', 'Kapalaran', 'Tài Lộc'],
  ['Treasure', '宝藏', 'Harta Karun', 'Harta Karun', 'สมบัติ', 'Kayamanan', 'Kho Báu'],
  ['Tiger', '猛虎', 'Harimau', 'Harimau', 'เสือ', 'Tigre', 'Hổ'],
  ['Phoenix', '凤凰', 'Feniks', 'Feniks', 'หงส์', 'Phoenix', 'Phượng Hoàng'],
  ['Panda', '熊猫', 'Panda', 'Panda', 'แพนด้า', 'Panda', 'Gấu Trúc'],
  ['Lion', '雄狮', 'Singa', 'Singa', 'สิงโต', 'Leon', 'Sư Tử'],
  ['Gems', '宝石', 'Permata', 'Permata', 'อัญมณี', 'Hiyas', 'Đá Quý'],
  ['Diamonds', '钻石', 'Berlian', 'Berlian', 'เพชร', 'Diyamante', 'Kim Cương'],
  ['Empire', '帝国', 'Kekaisaran', 'Empayar', 'อาณาจักร', 'Imperyo', 'Đế Chế'],
  ['Temple', '神殿', 'Kuil', 'Kuil', 'วิหาร', 'Templo', 'Đền Thờ'],
  ['Fruits', '水果', 'Buah-buahan', 'Buah-buahan', 'ผลไม้', 'Prutas', 'Trái Cây'],
  ['Jackpot', '大奖', 'Jackpot', 'Jackpot', 'แจ็คพอต', 'Jackpot', 'Giải Độc Đắc'],
  ['Pearl', '珍珠', 'Mutiara', 'Mutiara', 'ไข่มุก', 'Perlas', 'Ngọc Trai'],
  ['Moon', '明月', 'Bulan', 'Bulan', 'จันทรา', 'Buwan', 'Trăng'],
  ['Stars', '星辰', 'Bintang', 'Bintang', 'ดวงดาว', 'Bituin', 'Ngôi Sao'],
  ['Pharaoh', '法老', 'Firaun', 'Firaun', 'ฟาโรห์', 'Paraon', 'Pharaoh'],
  ['Ninja', '忍者', 'Ninja', 'Ninja', 'นินจา', 'Ninja', 'Ninja'],
  ['Lotus', '莲花', 'Teratai', 'Teratai', 'ดอกบัว', 'Lotus', 'Hoa Sen'],
  ['Crown', '皇冠', 'Mahkota', 'Mahkota', 'มงกุฎ', 'Korona', 'Vương Miện'],
  ['Buffalo', '野牛', 'Banteng', 'Seladang', 'กระทิง', 'Kalabaw', 'Bò Rừng'],
  ['Elephant', '巨象', 'Gajah', 'Gajah', 'ช้าง', 'Elepante', 'Voi'],
  ['Carnival', '嘉年华', 'Karnaval', 'Karnival', 'คาร์นิวัล', 'Karnabal', 'Lễ Hội'],
  ['Ocean', '海洋', 'Samudra', 'Lautan', 'มหาสมุทร', 'Karagatan', 'Đại Dương'],
  ['Garden', '花园', 'Taman', 'Taman', 'สวน', 'Hardin', 'Khu Vườn'],
  ['Mahjong', '麻将', 'Mahjong', 'Mahjong', 'ไพ่นกกระจอก', 'Mahjong', 'Mạt Chược'],
  ['Wizard', '巫师', 'Penyihir', 'Ahli Sihir', 'พ่อมด', 'Salamangkero', 'Phù Thủy'],
  ['Queen', '女王', 'Ratu', 'Ratu', 'ราชินี', 'Reyna', 'Nữ Hoàng'],
  ['Pirates', '海盗', 'Bajak Laut', 'Lanun', 'โจรสลัด', 'Pirata', 'Cướp Biển'],
];

/** Pairs that say a thing twice or do not fit ("Royal Queen", "Lucky Fortune"). */
const CLASHES = new Set([
  'Royal Queen',
  'Royal Crown',
  'Royal Empire',
  'Lucky Fortune',
  'Prosperous Fortune',
  'Oriental Pharaoh',
  'Ancient Jackpot',
  'Sacred Pirates',
]);

const ROULETTE: Words = ['Roulette', '轮盘', 'Rolet', 'Rolet', 'รูเล็ต', 'Roulette', 'Cò Quay'];
const BLACKJACK: Words = ['Blackjack', '21点', 'Blackjack', 'Blackjack', 'แบล็คแจ็ค', 'Blackjack', 'Xì Dách'];
/** The house card room game (PVP): players and house seats, a showdown of three-card hands. */
const THREE_CARD_SHOWDOWN: Words = [
  'Three Card Showdown',
  '三张牌对决',
  'Adu Tiga Kartu',
  'Pertarungan Tiga Kad',
  'ไพ่สามใบประลอง',
  'Tatlong Barahang Tapatan',
  'Đấu Bài Ba Lá',
];
const BACCARAT: Words = ['Baccarat', '百家乐', 'Bakarat', 'Bakarat', 'บาคาร่า', 'Baccarat', 'Baccarat'];
const SIC_BO: Words = ['Sic Bo', '骰宝', 'Sic Bo', 'Sic Bo', 'ไฮโล', 'Sic Bo', 'Tài Xỉu'];
const DRAGON_TIGER: Words = [
  'Dragon Tiger',
  '龙虎斗',
  'Naga Harimau',
  'Naga Harimau',
  'เสือมังกร',
  'Dragon Tiger',
  'Rồng Hổ',
];

const TABLE_NOUNS: Words[] = [ROULETTE, BLACKJACK, BACCARAT, SIC_BO, DRAGON_TIGER];
const ARCADE_NOUNS: Words[] = [
  ['Plinko', '弹珠', 'Plinko', 'Plinko', 'พลิงโก', 'Plinko', 'Plinko'],
  ['Mines', '扫雷', 'Ranjau', 'Periuk Api', 'ทุ่นระเบิด', 'Mina', 'Dò Mìn'],
  ['Dice', '骰子', 'Dadu', 'Dadu', 'ลูกเต๋า', 'Dais', 'Xúc Xắc'],
  ['Wheel', '转盘', 'Roda', 'Roda', 'วงล้อ', 'Gulong', 'Vòng Quay'],
];
const CRASH_NOUNS: Words[] = [
  ['Rocket', '火箭', 'Roket', 'Roket', 'จรวด', 'Rocket', 'Tên Lửa'],
  ['Plane', '飞机', 'Pesawat', 'Kapal Terbang', 'เครื่องบิน', 'Eroplano', 'Máy Bay'],
  ['Balloon', '气球', 'Balon', 'Belon', 'ลูกโป่ง', 'Lobo', 'Bóng Bay'],
  ['Comet', '彗星', 'Komet', 'Komet', 'ดาวหาง', 'Kometa', 'Sao Chổi'],
];
const BINGO_NOUNS: Words[] = [
  ['Bingo', '宾果', 'Bingo', 'Bingo', 'บิงโก', 'Bingo', 'Bingo'],
  ['Keno', '基诺', 'Keno', 'Keno', 'คีโน', 'Keno', 'Keno'],
  ['Lotto', '乐透', 'Lotto', 'Loto', 'ล็อตโต้', 'Lotto', 'Lô Tô'],
];
const FISH_NOUNS: Words[] = [
  ['Shark', '鲨鱼', 'Hiu', 'Jerung', 'ฉลาม', 'Pating', 'Cá Mập'],
  ['Whale', '巨鲸', 'Paus', 'Ikan Paus', 'วาฬ', 'Balyena', 'Cá Voi'],
  ['Octopus', '章鱼', 'Gurita', 'Sotong Kurita', 'ปลาหมึกยักษ์', 'Pugita', 'Bạch Tuộc'],
  ['Mermaid', '美人鱼', 'Putri Duyung', 'Puteri Duyung', 'นางเงือก', 'Sirena', 'Nàng Tiên Cá'],
  ['Crab', '螃蟹', 'Kepiting', 'Ketam', 'ปู', 'Alimango', 'Cua'],
  ['Turtle', '海龟', 'Penyu', 'Penyu', 'เต่าทะเล', 'Pawikan', 'Rùa Biển'],
  ['Lobster', '龙虾', 'Lobster', 'Udang Karang', 'กุ้งมังกร', 'Ulang', 'Tôm Hùm'],
  ['Kraken', '海怪', 'Monster Laut', 'Raksasa Laut', 'ปีศาจทะเล', 'Halimaw ng Dagat', 'Thủy Quái'],
];

/* Whole names of card, table, live, sports and lottery games. */

const THAI_HI_LO: Words = [
  'Thai Hi-Lo',
  '泰式骰宝',
  'Hi-Lo Thailand',
  'Hi-Lo Thai',
  'ไฮโลไทย',
  'Thai Hi-Lo',
  'Hi-Lo Thái Lan',
];
const FISH_PRAWN_CRAB: Words = [
  'Fish Prawn Crab',
  '鱼虾蟹',
  'Ikan Udang Kepiting',
  'Ikan Udang Ketam',
  'น้ำเต้าปูปลา',
  'Isda Hipon Alimango',
  'Bầu Cua Tôm Cá',
];
const COLOR_GAME: Words = [
  'Color Game',
  '彩色骰子',
  'Permainan Warna',
  'Permainan Warna',
  'เกมสี',
  'Color Game',
  'Trò Chơi Màu Sắc',
];
const FAN_TAN: Words = ['Fan Tan', '番摊', 'Fan Tan', 'Fan Tan', 'ฟันทัน', 'Fan Tan', 'Fan Tan'];
const TEXAS_HOLDEM: Words = [
  "Texas Hold'em",
  '德州扑克',
  "Texas Hold'em",
  "Texas Hold'em",
  'เท็กซัสโฮลเด็ม',
  "Texas Hold'em",
  'Poker Texas',
];
const BULL_BULL: Words = ['Bull Bull', '抢庄牛牛', 'Bull Bull', 'Bull Bull', 'นิวนิว', 'Bull Bull', 'Ngầu Hầm'];
const CHINESE_POKER: Words = [
  'Chinese Poker',
  '十三水',
  'Capsa Susun',
  'Poker Cina',
  'ไพ่สิบสามใบ',
  'Pusoy',
  'Mậu Binh',
];
const LANDLORD: Words = [
  'Fight the Landlord',
  '斗地主',
  'Lawan Tuan Tanah',
  'Lawan Tuan Tanah',
  'โต้วตี้จู่',
  'Labanan ang Panginoong Maylupa',
  'Đấu Địa Chủ',
];
const RUMMY: Words = ['Rummy', '拉米', 'Remi', 'Rummy', 'รัมมี่', 'Rummy', 'Phỏm'];
const MAHJONG: Words = ['Mahjong', '麻将', 'Mahjong', 'Mahjong', 'ไพ่นกกระจอก', 'Mahjong', 'Mạt Chược'];

const SPEED_BACCARAT: Words = [
  'Speed Baccarat',
  '极速百家乐',
  'Bakarat Cepat',
  'Bakarat Pantas',
  'สปีดบาคาร่า',
  'Mabilis na Baccarat',
  'Baccarat Tốc Độ',
];
const NO_COMMISSION_BACCARAT: Words = [
  'No Commission Baccarat',
  '免佣百家乐',
  'Bakarat Tanpa Komisi',
  'Bakarat Tanpa Komisen',
  'บาคาร่าไม่หักค่าคอม',
  'Baccarat na Walang Komisyon',
  'Baccarat Không Hoa Hồng',
];
const VIP_BACCARAT: Words = [
  'VIP Baccarat',
  'VIP百家乐',
  'Bakarat VIP',
  'Bakarat VIP',
  'บาคาร่า VIP',
  'VIP na Baccarat',
  'Baccarat VIP',
];
const LIGHTNING_ROULETTE: Words = [
  'Lightning Roulette',
  '闪电轮盘',
  'Rolet Kilat',
  'Rolet Kilat',
  'รูเล็ตสายฟ้า',
  'Roulette ng Kidlat',
  'Cò Quay Tia Chớp',
];
const MONEY_WHEEL: Words = [
  'Money Wheel',
  '幸运转盘',
  'Roda Uang',
  'Roda Wang',
  'วงล้อเงิน',
  'Gulong ng Salapi',
  'Vòng Quay Tiền',
];

const SPORTSBOOK: Words = [
  'Sportsbook',
  '体育投注',
  'Taruhan Olahraga',
  'Pertaruhan Sukan',
  'เดิมพันกีฬา',
  'Pustahan sa Palakasan',
  'Cá Cược Thể Thao',
];
const IN_PLAY: Words = [
  'In-Play Betting',
  '滚球投注',
  'Taruhan Langsung',
  'Pertaruhan Langsung',
  'เดิมพันสด',
  'Live na Pustahan',
  'Cược Trực Tiếp',
];
const VIRTUAL_SPORTS: Words = [
  'Virtual Sports',
  '虚拟体育',
  'Olahraga Virtual',
  'Sukan Maya',
  'กีฬาเสมือนจริง',
  'Virtual na Palakasan',
  'Thể Thao Ảo',
];
const HORSE_RACING: Words = [
  'Horse Racing',
  '赛马',
  'Pacuan Kuda',
  'Lumba Kuda',
  'แข่งม้า',
  'Karera ng Kabayo',
  'Đua Ngựa',
];

const ESPORTS_BETTING: Words = [
  'Esports Betting',
  '电竞投注',
  'Taruhan Esports',
  'Pertaruhan E-Sukan',
  'เดิมพันอีสปอร์ต',
  'Pustahan sa Esports',
  'Cá Cược Thể Thao Điện Tử',
];
const ESPORTS_IN_PLAY: Words = [
  'Esports In-Play',
  '电竞滚球',
  'Taruhan Esports Langsung',
  'Pertaruhan E-Sukan Langsung',
  'เดิมพันอีสปอร์ตสด',
  'Live na Pustahan sa Esports',
  'Cược Trực Tiếp Thể Thao Điện Tử',
];
const TOURNAMENT_WINNER: Words = [
  'Tournament Winner',
  '赛事冠军',
  'Juara Turnamen',
  'Juara Kejohanan',
  'แชมป์ทัวร์นาเมนต์',
  'Kampeon ng Torneo',
  'Nhà Vô Địch Giải Đấu',
];
const VIRTUAL_ESPORTS: Words = [
  'Virtual Esports',
  '虚拟电竞',
  'Esports Virtual',
  'E-Sukan Maya',
  'อีสปอร์ตเสมือนจริง',
  'Virtual na Esports',
  'Thể Thao Điện Tử Ảo',
];

const LIVE_SABONG: Words = [
  'Live Sabong',
  '斗鸡直播',
  'Sabung Ayam Langsung',
  'Sabung Ayam Langsung',
  'ชนไก่สด',
  'Live na Sabong',
  'Đá Gà Trực Tiếp',
];
const MAIN_ARENA: Words = [
  'Main Arena',
  '主赛场',
  'Arena Utama',
  'Arena Utama',
  'สนามหลัก',
  'Pangunahing Arena',
  'Đấu Trường Chính',
];
const SECOND_ARENA: Words = [
  'Second Arena',
  '第二赛场',
  'Arena Kedua',
  'Arena Kedua',
  'สนามที่สอง',
  'Ikalawang Arena',
  'Đấu Trường Thứ Hai',
];
const CHAMPIONSHIP_DERBY: Words = [
  'Championship Derby',
  '锦标赛',
  'Derby Kejuaraan',
  'Derby Kejohanan',
  'ศึกชิงแชมป์',
  'Derby ng Kampeonato',
  'Giải Đấu Vô Địch',
];

const NORTHERN_LOTTERY: Words = [
  'Northern Lottery',
  '北部彩票',
  'Lotre Utara',
  'Loteri Utara',
  'หวยภาคเหนือ',
  'Loterya ng Hilaga',
  'Xổ Số Miền Bắc',
];
const CENTRAL_LOTTERY: Words = [
  'Central Lottery',
  '中部彩票',
  'Lotre Tengah',
  'Loteri Tengah',
  'หวยภาคกลาง',
  'Loterya ng Gitna',
  'Xổ Số Miền Trung',
];
const SOUTHERN_LOTTERY: Words = [
  'Southern Lottery',
  '南部彩票',
  'Lotre Selatan',
  'Loteri Selatan',
  'หวยภาคใต้',
  'Loterya ng Timog',
  'Xổ Số Miền Nam',
];
const MEGA_645: Words = [
  'Mega 6/45',
  '超级6/45',
  'Mega 6/45',
  'Mega 6/45',
  'เมกะ 6/45',
  'Mega 6/45',
  'Mega 6/45',
];
const THAI_LOTTERY: Words = [
  'Thai Lottery',
  '泰国彩票',
  'Lotre Thailand',
  'Loteri Thai',
  'หวยรัฐบาลไทย',
  'Loterya ng Thailand',
  'Xổ Số Thái Lan',
];
const LAO_LOTTERY: Words = [
  'Lao Lottery',
  '老挝彩票',
  'Lotre Laos',
  'Loteri Laos',
  'หวยลาว',
  'Loterya ng Laos',
  'Xổ Số Lào',
];
const MALAYSIA_4D: Words = [
  'Malaysia 4D',
  '马来西亚4D',
  '4D Malaysia',
  '4D Malaysia',
  'หวยมาเลย์ 4D',
  '4D ng Malaysia',
  'Xổ Số 4D Malaysia',
];
const SINGAPORE_4D: Words = [
  'Singapore 4D',
  '新加坡4D',
  '4D Singapura',
  '4D Singapura',
  'หวยสิงคโปร์ 4D',
  '4D ng Singapore',
  'Xổ Số 4D Singapore',
];
const LUCKY_28: Words = [
  'Lucky 28',
  '幸运28',
  'Beruntung 28',
  'Bertuah 28',
  'นำโชค 28',
  'Masuwerteng 28',
  'May Mắn 28',
];
const SPEED_RACING: Words = [
  'Speed Racing',
  '极速赛车',
  'Balap Kilat',
  'Lumba Pantas',
  'แข่งรถด่วน',
  'Mabilis na Karera',
  'Đua Xe Tốc Độ',
];
const FAST_DICE: Words = [
  'Fast Dice',
  '快三',
  'Dadu Cepat',
  'Dadu Pantas',
  'ลูกเต๋าด่วน',
  'Mabilis na Dais',
  'Xúc Xắc Nhanh',
];
const KENO: Words = ['Keno', '基诺', 'Keno', 'Keno', 'คีโน', 'Keno', 'Keno'];
const BINGO_75: Words = ['Bingo 75', '宾果75', 'Bingo 75', 'Bingo 75', 'บิงโก 75', 'Bingo 75', 'Bingo 75'];
const LUCKY_NUMBERS: Words = [
  'Lucky Numbers',
  '幸运号码',
  'Angka Beruntung',
  'Nombor Bertuah',
  'เลขนำโชค',
  'Masuwerteng Numero',
  'Con Số May Mắn',
];

const DRAGON_FORTUNE: Words = [
  'Dragon Fortune',
  '龙之财富',
  'Rezeki Naga',
  'Rezeki Naga',
  'โชคลาภมังกร',
  'Kapalaran ng Dragon',
  'Tài Lộc Rồng',
];
const OCEAN_KING: Words = [
  'Ocean King',
  '海洋之王',
  'Raja Samudra',
  'Raja Lautan',
  'ราชาแห่งมหาสมุทร',
  'Hari ng Karagatan',
  'Vua Đại Dương',
];

/* ---- deterministic variety -------------------------------------------------------------------- */

/** Deterministic variety: the same numbers on every run (mulberry32 from a text seed). */
const random = (seed: string): (() => number) => seededRandom(seed);

function shuffle<T>(list: readonly T[], r: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length)]!;
}

/** Every modifier-noun name of the lists, shuffled once; vendors draw from it so no name repeats. */
class NamePool {
  private readonly names: GameNames[];
  private next = 0;

  constructor(seed: string, modifiers: Words[], nouns: Words[]) {
    const all = modifiers.flatMap((m) =>
      nouns.filter((n) => !CLASHES.has(`${m[0]} ${n[0]}`)).map((n) => compose(m, n)),
    );
    this.names = shuffle(all, random(seed));
  }

  take(count: number): GameNames[] {
    if (this.next + count > this.names.length) throw new Error('game catalogue: a name pool ran dry');
    const out = this.names.slice(this.next, this.next + count);
    this.next += count;
    return out;
  }
}

/* ---- codes and ids ---------------------------------------------------------------------------- */

interface CodeInput {
  en: string;
  gameId: string;
  classify: GameClassify;
  lines: number;
  /** 1-based position within the vendor's games of this type. */
  n: number;
}

const wordsOf = (en: string): string[] =>
  en
    .replace(/'/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
const slug = (en: string): string => wordsOf(en).join('-').toLowerCase();
const PREFIX: Record<GameClassify, string> = {
  SLOT: 'vs',
  ARCADE: 'ar',
  TABLE: 'tb',
  CRASH: 'cr',
  BINGO: 'bn',
  FISHING: 'fh',
  CARD: 'cd',
};
const CQ9_PREFIX: Record<GameClassify, string> = {
  SLOT: 'GB',
  ARCADE: 'AR',
  TABLE: 'AT',
  CRASH: 'CR',
  BINGO: 'BG',
  FISHING: 'FH',
  CARD: 'CD',
};

/** Each vendor names its games its own way, as the real ones do. */
const CODE_STYLE: Record<string, (g: CodeInput) => string> = {
  PG: (g) => slug(g.en),
  JILI: (g) => wordsOf(g.en).join(''),
  PP: (g) => `${PREFIX[g.classify]}${g.lines || ''}${wordsOf(g.en).join('').toLowerCase()}`,
  FC: (g) => wordsOf(g.en).join('_').toUpperCase(),
  CQ9: (g) => `${CQ9_PREFIX[g.classify]}${g.n}`,
  JDB: (g) => g.gameId,
  SPADE: (g) => {
    const initials = wordsOf(g.en)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('');
    return `S-${initials}${String(g.n).padStart(2, '0')}`;
  },
  HOUSE: (g) => `house-${slug(g.en)}`,
};
const codeOf = (vendor: string, g: CodeInput): string => (CODE_STYLE[vendor] ?? ((x) => slug(x.en)))(g);

const ID_BASE: Record<GameType, number> = {
  RNG: 1000,
  LIVE: 2000,
  PVP: 3000,
  SPORTS: 4000,
  ESPORTS: 5000,
  LOTT: 6000,
  ELOTT: 6500,
  FISH: 7000,
  COCKFIGHT: 8000,
};
/** JDB numbers its slots from 14001 (and its codes are those numbers). */
const gameIdOf = (vendor: string, type: GameType, n: number): string =>
  String((vendor === 'JDB' && type === 'RNG' ? 14000 : ID_BASE[type]) + n);

/* ---- vendors ---------------------------------------------------------------------------------- */

const SLOT_LINES = [5, 9, 10, 15, 20, 25, 30, 40, 50, 243] as const;
/** Weighted: most slots start at 0.05 to 0.50. */
const RNG_MIN_BET_FILL: DemoMinBet[] = [
  '0.01',
  '0.02',
  '0.05',
  '0.05',
  '0.10',
  '0.10',
  '0.10',
  '0.20',
  '0.20',
  '0.20',
  '0.50',
  '0.50',
  '0.75',
  '1.00',
];

/** Roughly 15% of a vendor's list is hot; at least one game when the list is long enough. */
function hotSet(count: number, r: () => number): Set<number> {
  const k = count >= 5 ? Math.max(1, Math.round(count * 0.15)) : 0;
  return new Set(shuffle([...Array(count).keys()], r).slice(0, k));
}

interface Entry {
  names: GameNames;
  classify: GameClassify;
}

interface RngPlan {
  vendor: string;
  slot: number;
  arcade: number;
  table: number;
  crash: number;
  bingo: number;
}

const RNG_PLANS: RngPlan[] = [
  { vendor: 'PG', slot: 44, arcade: 2, table: 1, crash: 1, bingo: 0 },
  { vendor: 'JILI', slot: 32, arcade: 4, table: 4, crash: 2, bingo: 3 },
  { vendor: 'PP', slot: 46, arcade: 2, table: 2, crash: 1, bingo: 1 },
  { vendor: 'FC', slot: 26, arcade: 3, table: 1, crash: 1, bingo: 1 },
  { vendor: 'CQ9', slot: 30, arcade: 2, table: 2, crash: 1, bingo: 1 },
  { vendor: 'JDB', slot: 27, arcade: 3, table: 2, crash: 1, bingo: 1 },
  { vendor: 'SPADE', slot: 24, arcade: 1, table: 1, crash: 1, bingo: 1 },
];

function rngGames(): DemoGame[] {
  const slots = new NamePool('slot', SLOT_MODIFIERS, SLOT_NOUNS);
  const arcade = new NamePool('arcade', GAME_MODIFIERS, ARCADE_NOUNS);
  const table = new NamePool('table', GAME_MODIFIERS, TABLE_NOUNS);
  const crash = new NamePool('crash', GAME_MODIFIERS, CRASH_NOUNS);
  const bingo = new NamePool('bingo', GAME_MODIFIERS, BINGO_NOUNS);
  const out: DemoGame[] = [];
  for (const plan of RNG_PLANS) {
    const r = random(`rng:${plan.vendor}`);
    const as = (classify: GameClassify) => (n: GameNames) => ({ names: n, classify });
    // Slots lead the list; the other kinds are mixed into the rest of it.
    const lead = slots.take(6).map(as('SLOT'));
    const rest = shuffle(
      [
        ...slots.take(plan.slot - 6).map(as('SLOT')),
        ...arcade.take(plan.arcade).map(as('ARCADE')),
        ...table.take(plan.table).map(as('TABLE')),
        ...crash.take(plan.crash).map(as('CRASH')),
        ...bingo.take(plan.bingo).map(as('BINGO')),
      ],
      r,
    );
    const entries: Entry[] = [...lead, ...rest];
    // Every tier at least once, so each minimum-bet filter keeps a different part of the list.
    const bets = shuffle(
      [...DEMO_MIN_BETS, ...entries.slice(DEMO_MIN_BETS.length).map(() => pick(RNG_MIN_BET_FILL, r))],
      r,
    );
    const hot = hotSet(entries.length, r);
    entries.forEach((e, i) => {
      const lines = e.classify === 'SLOT' ? pick(SLOT_LINES, r) : 0;
      const gameId = gameIdOf(plan.vendor, 'RNG', i + 1);
      out.push({
        vendor: plan.vendor,
        gameType: 'RNG',
        gameId,
        gameCode: codeOf(plan.vendor, { en: e.names.EN, gameId, classify: e.classify, lines, n: i + 1 }),
        names: e.names,
        classify: e.classify,
        minBet: bets[i]!,
        lines,
        hot: hot.has(i),
        isGame: null,
        engine: e.classify === 'SLOT' ? 'SLOT' : null,
      });
    });
  }
  return out;
}

interface FishPlan {
  vendor: string;
  fishing: number;
  arcade: number;
}

const FISH_PLANS: FishPlan[] = [
  { vendor: 'JILI', fishing: 10, arcade: 2 },
  { vendor: 'FC', fishing: 8, arcade: 2 },
  { vendor: 'JDB', fishing: 8, arcade: 1 },
];
const FISH_MIN_BETS: DemoMinBet[] = ['0.01', '0.05', '0.10', '0.10', '0.20'];

function fishGames(): DemoGame[] {
  const pool = new NamePool('fish', FISH_MODIFIERS, FISH_NOUNS);
  const out: DemoGame[] = [];
  for (const plan of FISH_PLANS) {
    const r = random(`fish:${plan.vendor}`);
    const entries: Entry[] = [
      ...pool.take(plan.fishing).map((n) => ({ names: n, classify: 'FISHING' as const })),
      ...pool.take(plan.arcade).map((n) => ({ names: n, classify: 'ARCADE' as const })),
    ];
    out.push(...fixedGames(plan.vendor, 'FISH', entries, FISH_MIN_BETS, r));
  }
  return out;
}

interface FixedPlan {
  vendor: string;
  gameType: GameType;
  games: [Words, GameClassify][];
  minBets: DemoMinBet[];
  /** Short lobby lists: whether the first entry is hot (the vendor is a hot one). */
  hotFirst?: boolean;
}

const LIVE_BETS: DemoMinBet[] = ['0.50', '1.00', '1.00'];
const CARD_BETS: DemoMinBet[] = ['0.10', '0.20', '0.50', '1.00'];
const LOBBY_BETS: DemoMinBet[] = ['1.00'];
const LOTTERY_BETS: DemoMinBet[] = ['0.10', '0.20'];

const FIXED_PLANS: FixedPlan[] = [
  {
    vendor: 'EVO',
    gameType: 'LIVE',
    games: [
      [LIGHTNING_ROULETTE, 'TABLE'],
      [BACCARAT, 'TABLE'],
      [SPEED_BACCARAT, 'TABLE'],
      [BLACKJACK, 'TABLE'],
      [DRAGON_TIGER, 'TABLE'],
      [MONEY_WHEEL, 'TABLE'],
      [NO_COMMISSION_BACCARAT, 'TABLE'],
    ],
    minBets: LIVE_BETS,
  },
  {
    vendor: 'SEXY',
    gameType: 'LIVE',
    games: [
      [BACCARAT, 'TABLE'],
      [DRAGON_TIGER, 'TABLE'],
      [ROULETTE, 'TABLE'],
      [SIC_BO, 'TABLE'],
    ],
    minBets: LIVE_BETS,
  },
  {
    vendor: 'DG',
    gameType: 'LIVE',
    games: [
      [BACCARAT, 'TABLE'],
      [SPEED_BACCARAT, 'TABLE'],
      [DRAGON_TIGER, 'TABLE'],
      [SIC_BO, 'TABLE'],
      [ROULETTE, 'TABLE'],
    ],
    minBets: LIVE_BETS,
  },
  {
    vendor: 'SA',
    gameType: 'LIVE',
    games: [
      [BACCARAT, 'TABLE'],
      [VIP_BACCARAT, 'TABLE'],
      [DRAGON_TIGER, 'TABLE'],
      [SIC_BO, 'TABLE'],
      [FAN_TAN, 'TABLE'],
    ],
    minBets: LIVE_BETS,
  },
  {
    vendor: 'KM',
    gameType: 'PVP',
    games: [
      [THAI_HI_LO, 'TABLE'],
      [FISH_PRAWN_CRAB, 'TABLE'],
      [COLOR_GAME, 'TABLE'],
      [SIC_BO, 'TABLE'],
      [BACCARAT, 'TABLE'],
      [BLACKJACK, 'CARD'],
      [DRAGON_TIGER, 'TABLE'],
      [FAN_TAN, 'TABLE'],
    ],
    minBets: CARD_BETS,
  },
  {
    vendor: 'V8',
    gameType: 'PVP',
    games: [
      [TEXAS_HOLDEM, 'CARD'],
      [BULL_BULL, 'CARD'],
      [CHINESE_POKER, 'CARD'],
      [LANDLORD, 'CARD'],
      [RUMMY, 'CARD'],
      [MAHJONG, 'CARD'],
      [BLACKJACK, 'CARD'],
      [BACCARAT, 'TABLE'],
      [DRAGON_TIGER, 'TABLE'],
    ],
    minBets: CARD_BETS,
  },
  {
    vendor: 'SABA',
    gameType: 'SPORTS',
    games: [
      [SPORTSBOOK, 'TABLE'],
      [IN_PLAY, 'TABLE'],
      [VIRTUAL_SPORTS, 'TABLE'],
      [HORSE_RACING, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
    hotFirst: true,
  },
  {
    vendor: 'CMD',
    gameType: 'SPORTS',
    games: [
      [SPORTSBOOK, 'TABLE'],
      [IN_PLAY, 'TABLE'],
      [HORSE_RACING, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
  },
  {
    vendor: 'FB',
    gameType: 'SPORTS',
    games: [
      [SPORTSBOOK, 'TABLE'],
      [IN_PLAY, 'TABLE'],
      [VIRTUAL_SPORTS, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
  },
  {
    vendor: 'TF',
    gameType: 'ESPORTS',
    games: [
      [ESPORTS_BETTING, 'TABLE'],
      [ESPORTS_IN_PLAY, 'TABLE'],
      [TOURNAMENT_WINNER, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
    hotFirst: true,
  },
  {
    vendor: 'IA',
    gameType: 'ESPORTS',
    games: [
      [ESPORTS_BETTING, 'TABLE'],
      [ESPORTS_IN_PLAY, 'TABLE'],
      [VIRTUAL_ESPORTS, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
  },
  {
    vendor: 'TCG_LOTTO_VN',
    gameType: 'LOTT',
    games: [
      [NORTHERN_LOTTERY, 'BINGO'],
      [SOUTHERN_LOTTERY, 'BINGO'],
      [CENTRAL_LOTTERY, 'BINGO'],
      [MEGA_645, 'BINGO'],
    ],
    minBets: LOTTERY_BETS,
    hotFirst: true,
  },
  {
    vendor: 'TCG_SEA',
    gameType: 'LOTT',
    games: [
      [THAI_LOTTERY, 'BINGO'],
      [LAO_LOTTERY, 'BINGO'],
      [MALAYSIA_4D, 'BINGO'],
      [SINGAPORE_4D, 'BINGO'],
    ],
    minBets: LOTTERY_BETS,
  },
  {
    vendor: 'LOTT',
    gameType: 'LOTT',
    games: [
      [LUCKY_28, 'BINGO'],
      [SPEED_RACING, 'BINGO'],
      [FAST_DICE, 'BINGO'],
    ],
    minBets: LOTTERY_BETS,
  },
  {
    vendor: 'ELOTT',
    gameType: 'ELOTT',
    games: [
      [KENO, 'BINGO'],
      [BINGO_75, 'BINGO'],
      [LUCKY_NUMBERS, 'BINGO'],
    ],
    minBets: LOTTERY_BETS,
    hotFirst: true,
  },
  {
    vendor: 'DS88',
    gameType: 'COCKFIGHT',
    games: [
      [LIVE_SABONG, 'TABLE'],
      [MAIN_ARENA, 'TABLE'],
      [CHAMPIONSHIP_DERBY, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
    hotFirst: true,
  },
  {
    vendor: 'DIG',
    gameType: 'COCKFIGHT',
    games: [
      [LIVE_SABONG, 'TABLE'],
      [MAIN_ARENA, 'TABLE'],
      [SECOND_ARENA, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
  },
  {
    vendor: 'WS168',
    gameType: 'COCKFIGHT',
    games: [
      [MAIN_ARENA, 'TABLE'],
      [SECOND_ARENA, 'TABLE'],
      [CHAMPIONSHIP_DERBY, 'TABLE'],
    ],
    minBets: LOBBY_BETS,
  },
];

function fixedGames(
  vendor: string,
  gameType: GameType,
  entries: Entry[],
  minBets: DemoMinBet[],
  r: () => number,
  hotFirst = false,
): DemoGame[] {
  const hot = hotSet(entries.length, r);
  return entries.map((e, i) => {
    const gameId = gameIdOf(vendor, gameType, i + 1);
    return {
      vendor,
      gameType,
      gameId,
      gameCode: codeOf(vendor, { en: e.names.EN, gameId, classify: e.classify, lines: 0, n: i + 1 }),
      names: e.names,
      classify: e.classify,
      minBet: pick(minBets, r),
      lines: 0,
      hot: hot.has(i) || (hotFirst && i === 0),
      isGame: vendor === 'KM' ? 'VASSALAGE' : null,
      // The cockfight studios all stream the house arena.
      engine: gameType === 'COCKFIGHT' ? 'COCKFIGHT' : null,
    };
  });
}

/**
 * The house vendor: one game per category, each its house engine's own (sports and esports
 * share the sportsbook).
 */
function houseGames(): DemoGame[] {
  const one = (gameType: GameType, w: Words, classify: GameClassify, minBet: DemoMinBet): DemoGame => {
    const gameId = gameIdOf('HOUSE', gameType, 1);
    return {
      vendor: 'HOUSE',
      gameType,
      gameId,
      gameCode: codeOf('HOUSE', { en: w[0], gameId, classify, lines: 0, n: 1 }),
      names: names(w),
      classify,
      minBet,
      lines: 0,
      hot: false,
      isGame: null,
      engine: null,
    };
  };
  return [
    { ...one('RNG', DRAGON_FORTUNE, 'SLOT', '0.20'), lines: 20, hot: true, engine: 'SLOT' },
    // The house's games of the list and table categories are hot: each is its vendor's only game,
    // and a vendor tab opens on its hot list.
    { ...one('LIVE', BACCARAT, 'TABLE', '1.00'), hot: true, engine: 'BACCARAT' },
    { ...one('FISH', OCEAN_KING, 'FISHING', '0.10'), hot: true, engine: 'FISH' },
    { ...one('PVP', THREE_CARD_SHOWDOWN, 'CARD', '0.50'), hot: true, engine: 'CARDS' },
    { ...one('SPORTS', SPORTSBOOK, 'TABLE', '1.00'), engine: 'SPORTSBOOK' },
    { ...one('ESPORTS', ESPORTS_BETTING, 'TABLE', '1.00'), engine: 'SPORTSBOOK' },
  ];
}

function buildCatalogue(): DemoGame[] {
  const fixed = FIXED_PLANS.flatMap((p) =>
    fixedGames(
      p.vendor,
      p.gameType,
      p.games.map(([w, classify]) => ({ names: names(w), classify })),
      p.minBets,
      random(`${p.gameType}:${p.vendor}`),
      p.hotFirst,
    ),
  );
  return [...rngGames(), ...fishGames(), ...fixed, ...houseGames()];
}

/** The whole demo catalogue, in each vendor's display order. */
export const DEMO_GAMES: DemoGame[] = buildCatalogue();
