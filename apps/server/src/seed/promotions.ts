import { toMinor, type Language, type PromotionKind, type PromotionPeriod } from '@app/contracts';
import type { Kysely } from 'kysely';
import { sanitizeContent } from '../platform/sanitize';
import type { Database, LocalizedText } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/** A text in every site language. */
type Texts = Record<Language, string>;

const DAY_MS = 86_400_000;

/** The demo promotion categories (SPEC: promotions with categories), in menu order. */
const CATEGORIES: { code: string; name: Texts }[] = [
  {
    code: 'NEW_MEMBER',
    name: {
      EN: 'New member',
      CN: '新会员',
      ID: 'Member baru',
      MY: 'Ahli baharu',
      TH: 'สมาชิกใหม่',
      TY: 'Bagong miyembro',
      VI: 'Thành viên mới',
    },
  },
  {
    code: 'DEPOSIT',
    name: {
      EN: 'Deposit',
      CN: '存款',
      ID: 'Deposit',
      MY: 'Deposit',
      TH: 'เงินฝาก',
      TY: 'Deposito',
      VI: 'Nạp tiền',
    },
  },
  {
    code: 'SLOTS',
    name: { EN: 'Slots', CN: '老虎机', ID: 'Slot', MY: 'Slot', TH: 'สล็อต', TY: 'Slots', VI: 'Slot' },
  },
  {
    code: 'LIVE',
    name: {
      EN: 'Live casino',
      CN: '真人娱乐',
      ID: 'Kasino langsung',
      MY: 'Kasino langsung',
      TH: 'คาสิโนสด',
      TY: 'Live casino',
      VI: 'Sòng bài trực tiếp',
    },
  },
  {
    code: 'SPORTS',
    name: {
      EN: 'Sports',
      CN: '体育',
      ID: 'Olahraga',
      MY: 'Sukan',
      TH: 'กีฬา',
      TY: 'Palakasan',
      VI: 'Thể thao',
    },
  },
  { code: 'VIP', name: { EN: 'VIP', CN: 'VIP', ID: 'VIP', MY: 'VIP', TH: 'VIP', TY: 'VIP', VI: 'VIP' } },
  {
    code: 'DAILY',
    name: {
      EN: 'Daily',
      CN: '每日',
      ID: 'Harian',
      MY: 'Harian',
      TH: 'รายวัน',
      TY: 'Araw-araw',
      VI: 'Hằng ngày',
    },
  },
  {
    code: 'OTHERS',
    name: { EN: 'Others', CN: '其他', ID: 'Lainnya', MY: 'Lain-lain', TH: 'อื่นๆ', TY: 'Iba pa', VI: 'Khác' },
  },
];

/** The terms under every demo promotion's text. */
const TERMS: Record<Language, string[]> = {
  EN: [
    'One participation per member in each period of the promotion.',
    'Bonuses are paid into your main wallet; the turnover shown must be bet before you withdraw.',
    'Bonuses obtained by abusing a promotion may be withheld.',
  ],
  CN: [
    '每位会员在活动的每个周期内仅可参加一次。',
    '奖金发放至您的主钱包；提款前须完成所示的流水要求。',
    '以不正当方式获得的奖金可能会被扣除。',
  ],
  ID: [
    'Satu kali ikut per member di setiap periode promosi.',
    'Bonus dibayarkan ke dompet utama Anda; turnover yang ditampilkan harus dipertaruhkan sebelum penarikan.',
    'Bonus yang diperoleh dengan menyalahgunakan promosi dapat ditahan.',
  ],
  MY: [
    'Satu penyertaan bagi setiap ahli dalam setiap tempoh promosi.',
    'Bonus dibayar ke dompet utama anda; pusing ganti yang ditunjukkan mesti dipertaruhkan sebelum pengeluaran.',
    'Bonus yang diperoleh dengan menyalahgunakan promosi boleh ditahan.',
  ],
  TH: [
    'สมาชิกแต่ละคนเข้าร่วมได้หนึ่งครั้งในแต่ละรอบของโปรโมชั่น',
    'โบนัสจะจ่ายเข้ากระเป๋าหลักของคุณ ต้องทำยอดเทิร์นโอเวอร์ตามที่แสดงก่อนถอนเงิน',
    'โบนัสที่ได้จากการใช้โปรโมชั่นในทางที่ผิดอาจถูกระงับ',
  ],
  TY: [
    'Isang pagsali bawat miyembro sa bawat panahon ng promosyon.',
    'Ang mga bonus ay ibinabayad sa iyong main wallet; kailangang itaya ang ipinakitang turnover bago mag-withdraw.',
    'Maaaring ipigil ang mga bonus na nakuha sa pag-abuso sa promosyon.',
  ],
  VI: [
    'Mỗi hội viên tham gia một lần trong mỗi kỳ của khuyến mãi.',
    'Tiền thưởng được trả vào ví chính; bạn cần đạt doanh số cược hiển thị trước khi rút tiền.',
    'Tiền thưởng có được do lạm dụng khuyến mãi có thể bị giữ lại.',
  ],
};

/** A promotion's figures on one brand (amounts in the brand's currency, major units). */
interface Figures {
  minDeposit?: string;
  maxBonus?: string;
  bonusAmount?: string;
  targetTurnover?: string;
  /** RAFFLE: prize amounts and their weights. */
  prizes?: [string, number][];
}

interface DemoPromotion {
  code: string;
  category: string;
  kind: PromotionKind;
  period: PromotionPeriod;
  /** Days from the first seeding: negative in the past. Default: started long ago, no end. */
  startsInDays?: number;
  endsInDays?: number;
  minVipLevel?: number;
  bonusRateBp?: number;
  turnoverMultiple: number;
  /** Per brand code; brands not named take GOLDEN's. */
  figures: { GOLDEN: Figures; LOTUS: Figures };
  title: Texts;
  summary: Texts;
  /** The opening paragraph of the content; the common terms follow it. */
  intro: Texts;
}

/** Running promotions count from this instant (fixed, so the seed is the same on every start). */
const LONG_AGO = new Date('2025-01-01T00:00:00Z');

/**
 * The demo brands' promotions: one of every kind, a second deposit promotion for VIP level 3 and
 * above, one that starts in two weeks (coming soon) and one that has ended. Ordinary content an
 * operator would enter; inserted when missing, never overwritten.
 */
const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    code: 'welcome-first-deposit',
    category: 'NEW_MEMBER',
    kind: 'FIRST_DEPOSIT',
    period: 'NONE',
    bonusRateBp: 10_000,
    turnoverMultiple: 10,
    figures: {
      GOLDEN: { minDeposit: '100', maxBonus: '3000' },
      LOTUS: { minDeposit: '30', maxBonus: '300' },
    },
    title: {
      EN: '100% welcome bonus',
      CN: '100% 首存欢迎奖金',
      ID: 'Bonus sambutan 100%',
      MY: 'Bonus alu-aluan 100%',
      TH: 'โบนัสต้อนรับ 100%',
      TY: '100% welcome bonus',
      VI: 'Thưởng chào mừng 100%',
    },
    summary: {
      EN: 'Double your first deposit.',
      CN: '首次存款翻倍。',
      ID: 'Gandakan deposit pertama Anda.',
      MY: 'Gandakan deposit pertama anda.',
      TH: 'ฝากครั้งแรกรับเพิ่มเป็นสองเท่า',
      TY: 'Doblehin ang iyong unang deposito.',
      VI: 'Nhân đôi lần nạp đầu tiên của bạn.',
    },
    intro: {
      EN: 'New here? Join before your first deposit and we match it one to one.',
      CN: '新朋友？在首次存款前参加，我们将按存款金额一比一赠送奖金。',
      ID: 'Baru di sini? Ikuti sebelum deposit pertama Anda dan kami gandakan satu banding satu.',
      MY: 'Baru di sini? Sertai sebelum deposit pertama anda dan kami padankan satu lawan satu.',
      TH: 'สมาชิกใหม่? เข้าร่วมก่อนฝากครั้งแรก แล้วเราจะให้โบนัสเท่ากับยอดฝาก',
      TY: 'Bago ka rito? Sumali bago ang iyong unang deposito at tutumbasan namin ito nang isa-sa-isa.',
      VI: 'Bạn mới đến? Hãy tham gia trước lần nạp đầu tiên và chúng tôi tặng thưởng bằng đúng số tiền nạp.',
    },
  },
  {
    code: 'daily-reload',
    category: 'DEPOSIT',
    kind: 'RELOAD',
    period: 'DAILY',
    bonusRateBp: 1_000,
    turnoverMultiple: 5,
    figures: {
      GOLDEN: { minDeposit: '100', maxBonus: '1000' },
      LOTUS: { minDeposit: '20', maxBonus: '100' },
    },
    title: {
      EN: 'Daily 10% reload',
      CN: '每日 10% 存款奖金',
      ID: 'Reload harian 10%',
      MY: 'Tambah nilai harian 10%',
      TH: 'โบนัสเติมเงินรายวัน 10%',
      TY: 'Araw-araw na 10% reload',
      VI: 'Thưởng nạp lại 10% mỗi ngày',
    },
    summary: {
      EN: 'Join, deposit, and get 10% more every day.',
      CN: '参加并存款，每天多得 10%。',
      ID: 'Ikuti, deposit, dan dapatkan 10% lebih setiap hari.',
      MY: 'Sertai, deposit dan dapatkan 10% lagi setiap hari.',
      TH: 'เข้าร่วม ฝากเงิน แล้วรับเพิ่ม 10% ทุกวัน',
      TY: 'Sumali, mag-deposito, at makakuha ng 10% pa araw-araw.',
      VI: 'Tham gia, nạp tiền và nhận thêm 10% mỗi ngày.',
    },
    intro: {
      EN: 'Join today, then make a deposit: 10% of it is added as a bonus straight away.',
      CN: '今天参加后存款，存款金额的 10% 将立即作为奖金发放。',
      ID: 'Ikuti hari ini, lalu lakukan deposit: 10% darinya langsung ditambahkan sebagai bonus.',
      MY: 'Sertai hari ini, kemudian buat deposit: 10% daripadanya terus ditambah sebagai bonus.',
      TH: 'เข้าร่วมวันนี้แล้วฝากเงิน รับโบนัส 10% ของยอดฝากทันที',
      TY: 'Sumali ngayon, saka mag-deposito: 10% nito ay agad idinadagdag bilang bonus.',
      VI: 'Tham gia hôm nay rồi nạp tiền: 10% số tiền nạp được cộng ngay làm tiền thưởng.',
    },
  },
  {
    code: 'weekly-slots-turnover',
    category: 'SLOTS',
    kind: 'TURNOVER',
    period: 'WEEKLY',
    turnoverMultiple: 1,
    figures: {
      GOLDEN: { targetTurnover: '5000', bonusAmount: '88' },
      LOTUS: { targetTurnover: '1000', bonusAmount: '18' },
    },
    title: {
      EN: 'Weekly turnover reward',
      CN: '每周流水奖励',
      ID: 'Hadiah turnover mingguan',
      MY: 'Ganjaran pusing ganti mingguan',
      TH: 'รางวัลยอดเทิร์นโอเวอร์รายสัปดาห์',
      TY: 'Lingguhang gantimpala sa turnover',
      VI: 'Thưởng doanh số hằng tuần',
    },
    summary: {
      EN: 'Reach the week’s turnover target and claim a bonus.',
      CN: '达到本周流水目标即可领取奖金。',
      ID: 'Capai target turnover minggu ini dan klaim bonus.',
      MY: 'Capai sasaran pusing ganti minggu ini dan tuntut bonus.',
      TH: 'ทำยอดเทิร์นโอเวอร์ถึงเป้าของสัปดาห์แล้วรับโบนัส',
      TY: 'Abutin ang turnover target ng linggo at kunin ang bonus.',
      VI: 'Đạt mục tiêu doanh số của tuần và nhận thưởng.',
    },
    intro: {
      EN: 'Every settled bet of the week counts, Monday to Sunday. Reach the target and the bonus is yours to claim.',
      CN: '每周一至周日所有已结算注单均计入。达到目标后即可领取奖金。',
      ID: 'Setiap taruhan yang selesai minggu ini dihitung, Senin sampai Minggu. Capai target dan bonus siap diklaim.',
      MY: 'Setiap pertaruhan yang selesai minggu ini dikira, Isnin hingga Ahad. Capai sasaran dan bonus boleh dituntut.',
      TH: 'ทุกเดิมพันที่ชำระแล้วตั้งแต่วันจันทร์ถึงวันอาทิตย์นับรวม ทำยอดถึงเป้าแล้วรับโบนัสได้เลย',
      TY: 'Bilang ang bawat naayos na taya ng linggo, Lunes hanggang Linggo. Abutin ang target at makukuha mo ang bonus.',
      VI: 'Mọi cược đã kết toán trong tuần đều được tính, từ thứ Hai đến Chủ nhật. Đạt mục tiêu là nhận được thưởng.',
    },
  },
  {
    code: 'live-winning-streak',
    category: 'LIVE',
    kind: 'APPLY',
    period: 'WEEKLY',
    turnoverMultiple: 3,
    figures: { GOLDEN: { maxBonus: '2000' }, LOTUS: { maxBonus: '200' } },
    title: {
      EN: 'Live casino winning streak',
      CN: '真人娱乐连胜奖励',
      ID: 'Kemenangan beruntun kasino langsung',
      MY: 'Kemenangan berturut-turut kasino langsung',
      TH: 'ชนะติดต่อกันคาสิโนสด',
      TY: 'Sunod-sunod na panalo sa live casino',
      VI: 'Chuỗi thắng sòng bài trực tiếp',
    },
    summary: {
      EN: 'Won five hands in a row? Send us the screenshots.',
      CN: '连赢五局？把截图发给我们。',
      ID: 'Menang lima kali berturut-turut? Kirimkan tangkapan layarnya.',
      MY: 'Menang lima pusingan berturut-turut? Hantar tangkapan skrin kepada kami.',
      TH: 'ชนะห้าตาติดกันใช่ไหม ส่งภาพหน้าจอมาให้เรา',
      TY: 'Nanalo ng limang sunod-sunod? Ipadala sa amin ang mga screenshot.',
      VI: 'Thắng năm ván liên tiếp? Gửi ảnh chụp màn hình cho chúng tôi.',
    },
    intro: {
      EN: 'Apply with a short note and up to three screenshots of your streak. Our team reviews every application and sets the bonus.',
      CN: '提交简短说明和最多三张连胜截图。我们的团队会审核每份申请并确定奖金。',
      ID: 'Ajukan dengan catatan singkat dan hingga tiga tangkapan layar kemenangan Anda. Tim kami meninjau setiap pengajuan dan menentukan bonusnya.',
      MY: 'Mohon dengan nota ringkas dan sehingga tiga tangkapan skrin kemenangan anda. Pasukan kami menyemak setiap permohonan dan menetapkan bonus.',
      TH: 'สมัครพร้อมข้อความสั้นๆ และภาพหน้าจอไม่เกินสามภาพ ทีมงานจะตรวจสอบทุกคำขอและกำหนดโบนัส',
      TY: 'Mag-apply na may maikling tala at hanggang tatlong screenshot ng iyong panalo. Sinusuri ng aming team ang bawat aplikasyon at itinatakda ang bonus.',
      VI: 'Đăng ký kèm ghi chú ngắn và tối đa ba ảnh chụp chuỗi thắng. Đội ngũ của chúng tôi xét từng đơn và quyết định tiền thưởng.',
    },
  },
  {
    code: 'daily-check-in',
    category: 'DAILY',
    kind: 'SIGN_IN',
    period: 'DAILY',
    turnoverMultiple: 1,
    figures: { GOLDEN: { bonusAmount: '5' }, LOTUS: { bonusAmount: '1' } },
    title: {
      EN: 'Daily check-in',
      CN: '每日签到',
      ID: 'Absen harian',
      MY: 'Daftar masuk harian',
      TH: 'เช็คอินรายวัน',
      TY: 'Araw-araw na check-in',
      VI: 'Điểm danh hằng ngày',
    },
    summary: {
      EN: 'Check in every day for a small bonus.',
      CN: '每天签到领取小额奖金。',
      ID: 'Absen setiap hari untuk bonus kecil.',
      MY: 'Daftar masuk setiap hari untuk bonus kecil.',
      TH: 'เช็คอินทุกวันรับโบนัสเล็กๆ',
      TY: 'Mag-check in araw-araw para sa maliit na bonus.',
      VI: 'Điểm danh mỗi ngày để nhận thưởng nhỏ.',
    },
    intro: {
      EN: 'One tap a day is all it takes. A new day starts at midnight.',
      CN: '每天只需点一下。新的一天从午夜零点开始。',
      ID: 'Cukup satu ketukan sehari. Hari baru dimulai tengah malam.',
      MY: 'Hanya satu ketikan sehari. Hari baharu bermula tengah malam.',
      TH: 'แค่แตะวันละครั้ง วันใหม่เริ่มตอนเที่ยงคืน',
      TY: 'Isang pindot lang bawat araw. Nagsisimula ang bagong araw sa hatinggabi.',
      VI: 'Chỉ cần một lần chạm mỗi ngày. Ngày mới bắt đầu lúc nửa đêm.',
    },
  },
  {
    code: 'weekly-lucky-draw',
    category: 'DEPOSIT',
    kind: 'RAFFLE',
    period: 'WEEKLY',
    turnoverMultiple: 1,
    figures: {
      GOLDEN: {
        minDeposit: '500',
        prizes: [
          ['8', 50],
          ['18', 30],
          ['38', 15],
          ['88', 4],
          ['388', 1],
        ],
      },
      LOTUS: {
        minDeposit: '100',
        prizes: [
          ['2', 50],
          ['5', 30],
          ['10', 15],
          ['28', 4],
          ['88', 1],
        ],
      },
    },
    title: {
      EN: 'Weekly lucky draw',
      CN: '每周幸运抽奖',
      ID: 'Undian berhadiah mingguan',
      MY: 'Cabutan bertuah mingguan',
      TH: 'จับรางวัลนำโชครายสัปดาห์',
      TY: 'Lingguhang lucky draw',
      VI: 'Rút thăm may mắn hằng tuần',
    },
    summary: {
      EN: 'Deposit during the week and draw a cash prize.',
      CN: '本周存款即可抽取现金奖。',
      ID: 'Deposit selama minggu ini dan undi hadiah uang tunai.',
      MY: 'Deposit dalam minggu ini dan cabut hadiah tunai.',
      TH: 'ฝากเงินในสัปดาห์นี้แล้วจับรางวัลเงินสด',
      TY: 'Mag-deposito sa loob ng linggo at bumunot ng cash prize.',
      VI: 'Nạp tiền trong tuần và rút thăm giải tiền mặt.',
    },
    intro: {
      EN: 'Once your deposits of the week reach the amount below, draw once for a cash prize. Every draw wins.',
      CN: '本周存款达到下方金额后，可抽奖一次赢取现金奖。每次抽奖必中。',
      ID: 'Setelah deposit minggu ini mencapai jumlah di bawah, undi sekali untuk hadiah uang tunai. Setiap undian pasti menang.',
      MY: 'Apabila deposit minggu ini mencapai jumlah di bawah, cabut sekali untuk hadiah tunai. Setiap cabutan pasti menang.',
      TH: 'เมื่อยอดฝากของสัปดาห์ถึงจำนวนด้านล่าง จับรางวัลได้หนึ่งครั้ง ทุกการจับได้รางวัลแน่นอน',
      TY: 'Kapag umabot sa halagang nasa ibaba ang iyong deposito ngayong linggo, bumunot nang isang beses para sa cash prize. Panalo ang bawat bunot.',
      VI: 'Khi tổng nạp trong tuần đạt mức bên dưới, bạn được rút thăm một lần nhận tiền mặt. Lần rút nào cũng trúng.',
    },
  },
  {
    code: 'vip-weekly-reload',
    category: 'VIP',
    kind: 'RELOAD',
    period: 'WEEKLY',
    minVipLevel: 3,
    bonusRateBp: 1_500,
    turnoverMultiple: 5,
    figures: {
      GOLDEN: { minDeposit: '1000', maxBonus: '5000' },
      LOTUS: { minDeposit: '200', maxBonus: '500' },
    },
    title: {
      EN: 'VIP weekly 15% reload',
      CN: 'VIP 每周 15% 存款奖金',
      ID: 'Reload mingguan VIP 15%',
      MY: 'Tambah nilai mingguan VIP 15%',
      TH: 'โบนัสเติมเงิน VIP รายสัปดาห์ 15%',
      TY: 'VIP lingguhang 15% reload',
      VI: 'Thưởng nạp lại VIP 15% hằng tuần',
    },
    summary: {
      EN: 'A bigger weekly reload for our VIP members.',
      CN: '为 VIP 会员准备的更高每周存款奖金。',
      ID: 'Reload mingguan lebih besar untuk member VIP kami.',
      MY: 'Tambah nilai mingguan lebih besar untuk ahli VIP kami.',
      TH: 'โบนัสเติมเงินรายสัปดาห์ที่มากกว่าสำหรับสมาชิก VIP',
      TY: 'Mas malaking lingguhang reload para sa aming mga VIP.',
      VI: 'Thưởng nạp lại hằng tuần lớn hơn dành cho hội viên VIP.',
    },
    intro: {
      EN: 'Join once a week, then deposit: 15% of it is added as a bonus straight away.',
      CN: '每周参加一次后存款，存款金额的 15% 将立即作为奖金发放。',
      ID: 'Ikuti sekali seminggu, lalu deposit: 15% darinya langsung ditambahkan sebagai bonus.',
      MY: 'Sertai sekali seminggu, kemudian deposit: 15% daripadanya terus ditambah sebagai bonus.',
      TH: 'เข้าร่วมสัปดาห์ละครั้งแล้วฝากเงิน รับโบนัส 15% ของยอดฝากทันที',
      TY: 'Sumali nang isang beses bawat linggo, saka mag-deposito: 15% nito ay agad idinadagdag bilang bonus.',
      VI: 'Tham gia mỗi tuần một lần rồi nạp tiền: 15% số tiền nạp được cộng ngay làm tiền thưởng.',
    },
  },
  {
    code: 'refer-a-friend',
    category: 'OTHERS',
    kind: 'REFERRAL',
    period: 'NONE',
    turnoverMultiple: 0,
    figures: { GOLDEN: {}, LOTUS: {} },
    title: {
      EN: 'Invite friends',
      CN: '邀请好友',
      ID: 'Undang teman',
      MY: 'Jemput rakan',
      TH: 'ชวนเพื่อน',
      TY: 'Mag-imbita ng kaibigan',
      VI: 'Mời bạn bè',
    },
    summary: {
      EN: 'Share your link and earn when your friends play.',
      CN: '分享您的链接，好友游戏您就有奖励。',
      ID: 'Bagikan tautan Anda dan dapatkan hadiah saat teman Anda bermain.',
      MY: 'Kongsi pautan anda dan dapatkan ganjaran apabila rakan anda bermain.',
      TH: 'แชร์ลิงก์ของคุณ รับรางวัลเมื่อเพื่อนเล่น',
      TY: 'Ibahagi ang iyong link at kumita kapag naglaro ang iyong mga kaibigan.',
      VI: 'Chia sẻ liên kết và nhận thưởng khi bạn bè chơi.',
    },
    intro: {
      EN: 'Every member can invite friends with a personal link or QR code. The invite-friends page shows your friends and your rewards.',
      CN: '每位会员都可以通过专属链接或二维码邀请好友。邀请好友页面会显示您的好友和奖励。',
      ID: 'Setiap member dapat mengundang teman dengan tautan atau kode QR pribadi. Halaman undang teman menampilkan teman dan hadiah Anda.',
      MY: 'Setiap ahli boleh menjemput rakan dengan pautan atau kod QR peribadi. Halaman jemput rakan menunjukkan rakan dan ganjaran anda.',
      TH: 'สมาชิกทุกคนชวนเพื่อนได้ด้วยลิงก์หรือคิวอาร์โค้ดส่วนตัว หน้าชวนเพื่อนแสดงเพื่อนและรางวัลของคุณ',
      TY: 'Maaaring mag-imbita ang bawat miyembro gamit ang sariling link o QR code. Ipinapakita ng pahinang mag-imbita ang iyong mga kaibigan at gantimpala.',
      VI: 'Mọi hội viên đều có thể mời bạn bè bằng liên kết hoặc mã QR riêng. Trang mời bạn bè hiển thị bạn bè và phần thưởng của bạn.',
    },
  },
  {
    code: 'esports-cup',
    category: 'SPORTS',
    kind: 'TURNOVER',
    period: 'WEEKLY',
    startsInDays: 14,
    turnoverMultiple: 1,
    figures: {
      GOLDEN: { targetTurnover: '3000', bonusAmount: '58' },
      LOTUS: { targetTurnover: '600', bonusAmount: '12' },
    },
    title: {
      EN: 'Esports cup week',
      CN: '电竞杯周',
      ID: 'Pekan piala esports',
      MY: 'Minggu piala e-sukan',
      TH: 'สัปดาห์ถ้วยอีสปอร์ต',
      TY: 'Linggo ng esports cup',
      VI: 'Tuần lễ cúp thể thao điện tử',
    },
    summary: {
      EN: 'Bet on the esports cup and claim a weekly bonus.',
      CN: '投注电竞杯，领取每周奖金。',
      ID: 'Bertaruh di piala esports dan klaim bonus mingguan.',
      MY: 'Bertaruh pada piala e-sukan dan tuntut bonus mingguan.',
      TH: 'เดิมพันถ้วยอีสปอร์ตแล้วรับโบนัสรายสัปดาห์',
      TY: 'Tumaya sa esports cup at kunin ang lingguhang bonus.',
      VI: 'Cược cúp thể thao điện tử và nhận thưởng hằng tuần.',
    },
    intro: {
      EN: 'Starting soon: settled bets of the week count towards the target.',
      CN: '即将开始：本周已结算注单计入目标。',
      ID: 'Segera dimulai: taruhan yang selesai minggu ini dihitung menuju target.',
      MY: 'Akan bermula: pertaruhan yang selesai minggu ini dikira ke arah sasaran.',
      TH: 'เร็วๆ นี้: เดิมพันที่ชำระแล้วในสัปดาห์นับรวมเข้าเป้าหมาย',
      TY: 'Malapit nang magsimula: bilang sa target ang mga naayos na taya ng linggo.',
      VI: 'Sắp bắt đầu: các cược đã kết toán trong tuần được tính vào mục tiêu.',
    },
  },
  {
    code: 'football-warm-up',
    category: 'SPORTS',
    kind: 'TURNOVER',
    period: 'NONE',
    startsInDays: -45,
    endsInDays: -15,
    turnoverMultiple: 1,
    figures: {
      GOLDEN: { targetTurnover: '10000', bonusAmount: '188' },
      LOTUS: { targetTurnover: '2000', bonusAmount: '38' },
    },
    title: {
      EN: 'Football season warm-up',
      CN: '足球赛季热身',
      ID: 'Pemanasan musim sepak bola',
      MY: 'Memanaskan badan musim bola sepak',
      TH: 'วอร์มอัพฤดูกาลฟุตบอล',
      TY: 'Warm-up ng football season',
      VI: 'Khởi động mùa bóng đá',
    },
    summary: {
      EN: 'Our pre-season turnover reward has ended.',
      CN: '季前流水奖励已结束。',
      ID: 'Hadiah turnover pra-musim kami telah berakhir.',
      MY: 'Ganjaran pusing ganti pra-musim kami telah tamat.',
      TH: 'รางวัลยอดเทิร์นโอเวอร์ก่อนฤดูกาลสิ้นสุดแล้ว',
      TY: 'Natapos na ang aming pre-season na gantimpala sa turnover.',
      VI: 'Chương trình thưởng doanh số trước mùa giải đã kết thúc.',
    },
    intro: {
      EN: 'Thanks to everyone who took part. Watch this page for the next one.',
      CN: '感谢所有参与的会员。请关注本页面的下一个活动。',
      ID: 'Terima kasih kepada semua yang ikut. Pantau halaman ini untuk promosi berikutnya.',
      MY: 'Terima kasih kepada semua yang menyertai. Pantau halaman ini untuk promosi seterusnya.',
      TH: 'ขอบคุณทุกคนที่เข้าร่วม ติดตามกิจกรรมถัดไปได้ที่หน้านี้',
      TY: 'Salamat sa lahat ng sumali. Abangan ang susunod sa pahinang ito.',
      VI: 'Cảm ơn mọi người đã tham gia. Hãy theo dõi trang này cho chương trình tiếp theo.',
    },
  },
];

function minor(text: string | undefined): string | null {
  if (text === undefined) return null;
  const m = toMinor(text);
  if (m === null) throw new Error(`seed: ${text} is not an amount`);
  return m.toString();
}

/** The content of a promotion in every language: its intro and the common terms, sanitised as stored. */
function contentOf(p: DemoPromotion): LocalizedText {
  const out: LocalizedText = {};
  for (const [lang, intro] of Object.entries(p.intro) as [Language, string][]) {
    const terms = TERMS[lang].map((t) => `<li>${t}</li>`).join('');
    out[lang] = sanitizeContent(`<p>${intro}</p><ul>${terms}</ul>`);
  }
  return out;
}

/**
 * The demo promotion categories, promotions and raffle prizes of each brand. Inserts only what is
 * missing (the app seeds on every start); dates relative to `now` (coming soon, ended) are fixed
 * at the first seeding.
 */
export async function seedPromotions(
  db: Kysely<Database>,
  brands: readonly DemoBrand[],
  now = new Date(),
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  for (const b of brands) {
    await db
      .insertInto('promotion_category')
      .values(
        CATEGORIES.map((c, i) => ({
          merchant_code: b.code,
          code: c.code,
          name: JSON.stringify(c.name),
          sort: i,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
      .execute();
    const categories = new Map(
      (
        await db
          .selectFrom('promotion_category')
          .select(['id', 'code'])
          .where('merchant_code', '=', b.code)
          .execute()
      ).map((c) => [c.code, c.id]),
    );
    for (const [i, p] of DEMO_PROMOTIONS.entries()) {
      const f = b.code === 'LOTUS' ? p.figures.LOTUS : p.figures.GOLDEN;
      const categoryId = categories.get(p.category);
      if (!categoryId) throw new Error(`seed: no promotion category ${p.category}`);
      await db
        .insertInto('promotion')
        .values({
          merchant_code: b.code,
          code: p.code,
          category_id: categoryId,
          kind: p.kind,
          title: JSON.stringify(p.title),
          summary: JSON.stringify(p.summary),
          content: JSON.stringify(contentOf(p)),
          image_path: `promotions/${p.code}.svg`,
          starts_at: p.startsInDays === undefined ? LONG_AGO : at(p.startsInDays),
          ends_at: p.endsInDays === undefined ? null : at(p.endsInDays),
          period: p.period,
          min_vip_level: p.minVipLevel ?? 0,
          min_deposit: minor(f.minDeposit),
          bonus_rate_bp: p.bonusRateBp ?? null,
          max_bonus: minor(f.maxBonus),
          bonus_amount: minor(f.bonusAmount),
          target_turnover: minor(f.targetTurnover),
          turnover_multiple: p.turnoverMultiple,
          sort: i,
        })
        .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
        .execute();
      if (!f.prizes) continue;
      const promo = await db
        .selectFrom('promotion')
        .select('id')
        .where('merchant_code', '=', b.code)
        .where('code', '=', p.code)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('promotion_prize')
        .values(
          f.prizes.map(([amount, weight], seq) => ({
            promotion_id: promo.id,
            seq,
            amount: minor(amount)!,
            weight,
          })),
        )
        .onConflict((oc) => oc.columns(['promotion_id', 'seq']).doNothing())
        .execute();
    }
  }
}
