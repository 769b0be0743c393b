import { parseLanguage, type Language } from '@app/contracts';
import { fillParams } from './messages';

/** What the platform sends a person by SMS or e-mail, outside any screen. */
export type NoticeText = 'code' | 'tempPassword' | 'operatorReset';

/**
 * Every notice in every language (the types make a missing translation a compile error).
 * {0}, {1} ... are filled in order: the code or password, then minutes.
 */
const TEXTS: Record<Language, Record<NoticeText, string>> = {
  EN: {
    code: 'Your verification code is {0}. It expires in {1} minutes.',
    tempPassword:
      'Your temporary password is {0}. It works for {1} minutes; you will choose a new password after logging in.',
    operatorReset:
      'Customer service reset your password. Your temporary password is {0}; you will choose a new password after logging in.',
  },
  CN: {
    code: '您的验证码是 {0}，{1} 分钟内有效。',
    tempPassword: '您的临时密码是 {0}，{1} 分钟内有效；登录后请设置新密码。',
    operatorReset: '客服已重置您的密码。您的临时密码是 {0}；登录后请设置新密码。',
  },
  ID: {
    code: 'Kode verifikasi Anda adalah {0}. Berlaku selama {1} menit.',
    tempPassword:
      'Kata sandi sementara Anda adalah {0}. Berlaku selama {1} menit; Anda akan membuat kata sandi baru setelah masuk.',
    operatorReset:
      'Layanan pelanggan telah mengatur ulang kata sandi Anda. Kata sandi sementara Anda adalah {0}; Anda akan membuat kata sandi baru setelah masuk.',
  },
  MY: {
    code: 'Kod pengesahan anda ialah {0}. Ia tamat tempoh dalam {1} minit.',
    tempPassword:
      'Kata laluan sementara anda ialah {0}. Ia sah selama {1} minit; anda akan memilih kata laluan baharu selepas log masuk.',
    operatorReset:
      'Khidmat pelanggan telah menetapkan semula kata laluan anda. Kata laluan sementara anda ialah {0}; anda akan memilih kata laluan baharu selepas log masuk.',
  },
  TH: {
    code: 'รหัสยืนยันของคุณคือ {0} ใช้ได้ภายใน {1} นาที',
    tempPassword: 'รหัสผ่านชั่วคราวของคุณคือ {0} ใช้ได้ {1} นาที คุณจะตั้งรหัสผ่านใหม่หลังเข้าสู่ระบบ',
    operatorReset: 'ฝ่ายบริการลูกค้ารีเซ็ตรหัสผ่านของคุณแล้ว รหัสผ่านชั่วคราวของคุณคือ {0} คุณจะตั้งรหัสผ่านใหม่หลังเข้าสู่ระบบ',
  },
  TY: {
    code: 'Ang iyong verification code ay {0}. Mag-e-expire ito sa loob ng {1} minuto.',
    tempPassword:
      'Ang iyong pansamantalang password ay {0}. Gagana ito nang {1} minuto; pipili ka ng bagong password pagka-log in.',
    operatorReset:
      'Ni-reset ng customer service ang iyong password. Ang iyong pansamantalang password ay {0}; pipili ka ng bagong password pagka-log in.',
  },
  VI: {
    code: 'Mã xác minh của bạn là {0}. Mã hết hạn sau {1} phút.',
    tempPassword:
      'Mật khẩu tạm thời của bạn là {0}. Mật khẩu có hiệu lực trong {1} phút; bạn sẽ đặt mật khẩu mới sau khi đăng nhập.',
    operatorReset:
      'Bộ phận chăm sóc khách hàng đã đặt lại mật khẩu của bạn. Mật khẩu tạm thời của bạn là {0}; bạn sẽ đặt mật khẩu mới sau khi đăng nhập.',
  },
};

export function noticeText(text: NoticeText, lang: Language, params: (string | number)[]): string {
  return fillParams(TEXTS[lang][text], params);
}

/**
 * The language a notice to a member is written in: the one the member chose (saved by the
 * language call) while the brand still offers it, else `fallback` (the language of the request
 * that caused the notice, or the brand's default when none did).
 */
export function noticeLanguage(
  brand: { languages: readonly Language[] },
  saved: string | null | undefined,
  fallback: Language,
): Language {
  const lang = parseLanguage(saved);
  return lang && brand.languages.includes(lang) ? lang : fallback;
}
