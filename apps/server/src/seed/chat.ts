import type { Language } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { Database, LocalizedText } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/** The first line of every demo conversation ({brand}: the brand's name). */
const GREETING: LocalizedText = {
  EN: 'Welcome to {brand} support! Tell us how we can help and one of our team will reply shortly.',
  CN: '欢迎来到 {brand} 在线客服！请告诉我们您需要什么帮助，客服人员将很快回复您。',
  ID: 'Selamat datang di layanan bantuan {brand}! Ceritakan apa yang bisa kami bantu dan tim kami akan segera membalas.',
  MY: 'Selamat datang ke khidmat sokongan {brand}! Beritahu kami apa yang boleh kami bantu dan pasukan kami akan membalas sebentar lagi.',
  TH: 'ยินดีต้อนรับสู่ฝ่ายบริการลูกค้า {brand}! แจ้งเราได้เลยว่าต้องการความช่วยเหลือเรื่องใด ทีมงานจะตอบกลับโดยเร็ว',
  TY: 'Maligayang pagdating sa support ng {brand}! Sabihin sa amin kung paano kami makakatulong at sasagot agad ang aming team.',
  VI: 'Chào mừng bạn đến với bộ phận hỗ trợ {brand}! Hãy cho chúng tôi biết bạn cần giúp gì, nhân viên sẽ trả lời ngay.',
};

/** Shown outside opening hours (the demo answers around the clock, so only if staff change that). */
const AWAY: LocalizedText = {
  EN: 'Our support team is away right now. Leave your message and we will reply as soon as we are back.',
  CN: '客服人员暂时不在线。请留下您的问题，我们上线后会尽快回复。',
  ID: 'Tim bantuan kami sedang tidak tersedia. Tinggalkan pesan Anda dan kami akan membalas begitu kembali.',
  MY: 'Pasukan sokongan kami tiada buat masa ini. Tinggalkan mesej anda dan kami akan membalas sebaik sahaja kembali.',
  TH: 'ขณะนี้ทีมงานไม่อยู่ กรุณาฝากข้อความไว้ แล้วเราจะตอบกลับทันทีที่กลับมา',
  TY: 'Wala ang aming support team ngayon. Mag-iwan ng mensahe at sasagot kami pagbalik namin.',
  VI: 'Hiện nhân viên hỗ trợ đang vắng mặt. Hãy để lại tin nhắn, chúng tôi sẽ trả lời ngay khi quay lại.',
};

/** The desk's canned replies, in English and Thai. */
const CANNED: { lang: Language; title: string; text: string }[] = [
  { lang: 'EN', title: 'Hello', text: 'Hello, thank you for contacting us! How can I help you today?' },
  {
    lang: 'EN',
    title: 'Checking deposit',
    text: 'Thank you. I am checking your deposit now; please allow me a few minutes.',
  },
  {
    lang: 'EN',
    title: 'Withdrawal time',
    text: 'Withdrawals are usually paid within 15 minutes once approved. I will keep an eye on yours.',
  },
  {
    lang: 'EN',
    title: 'Anything else',
    text: 'Is there anything else I can help you with? If not, I will close this chat. Have a great day!',
  },
  { lang: 'TH', title: 'สวัสดี', text: 'สวัสดีค่ะ ขอบคุณที่ติดต่อเรา วันนี้ให้เราช่วยเรื่องใดคะ' },
  { lang: 'TH', title: 'ตรวจสอบยอดฝาก', text: 'ขอบคุณค่ะ กำลังตรวจสอบยอดฝากของคุณ กรุณารอสักครู่นะคะ' },
  {
    lang: 'TH',
    title: 'ระยะเวลาถอนเงิน',
    text: 'โดยปกติการถอนเงินจะได้รับภายใน 15 นาทีหลังอนุมัติ เราจะติดตามรายการของคุณให้ค่ะ',
  },
  {
    lang: 'TH',
    title: 'ต้องการความช่วยเหลืออื่น',
    text: 'มีเรื่องอื่นให้ช่วยเหลืออีกไหมคะ หากไม่มี ขอปิดการสนทนานี้ ขอให้เป็นวันที่ดีค่ะ',
  },
];

const withBrand = (t: LocalizedText, brand: string): LocalizedText =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.replaceAll('{brand}', brand)]));

/**
 * The demo brands' built-in chat: switched on around the clock with a greeting and an away message
 * in every language, and a few canned replies. Inserted once: staff's later settings and canned
 * replies stay as they are.
 */
export async function seedChat(db: Kysely<Database>, brands: DemoBrand[]): Promise<void> {
  for (const b of brands) {
    await db
      .insertInto('chat_settings')
      .values({
        merchant_code: b.code,
        enabled: true,
        always_open: true,
        hours: JSON.stringify([]),
        away_message: JSON.stringify(withBrand(AWAY, b.name)),
        greeting: JSON.stringify(withBrand(GREETING, b.name)),
        updated_by: 'seed',
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .execute();
    const seeded = await db
      .selectFrom('chat_canned')
      .select('id')
      .where('merchant_code', '=', b.code)
      .executeTakeFirst();
    if (!seeded)
      await db
        .insertInto('chat_canned')
        .values(CANNED.map((c) => ({ merchant_code: b.code, ...c, updated_by: 'seed' })))
        .execute();
  }
}
