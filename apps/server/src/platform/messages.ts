import type { ErrorCode, Language } from '@app/contracts';

/**
 * The message for every error code in every language. The type makes a missing
 * translation a compile error. {0}, {1} ... are substituted from AppError.params.
 */
export const MESSAGES: Record<Language, Record<ErrorCode, string>> = {
  EN: {
    'request.invalid': 'Some of the information sent is not valid.',
    'system.language.unsupported': 'This language is not supported.',
    'system.merchant.unknown': 'This site is not configured. Please check the address.',
    'login.not.session': 'Please log in.',
    'system.forbidden': 'You are not allowed to do this.',
    'system.region.restricted': 'Our service is not available in your region.',
    'system.not.found': 'Not found.',
    'system.conflict': 'This was changed by another request. Please try again.',
    'system.throttled': 'Too many requests. Please wait a moment and try again.',
    'system.error': 'System error. Please try again later.',
    'system.maintenance': 'The site is under maintenance. Please come back later.',
  },
  CN: {
    'request.invalid': '提交的信息有误。',
    'system.language.unsupported': '不支持该语言。',
    'system.merchant.unknown': '该站点未配置，请检查网址。',
    'login.not.session': '请先登录。',
    'system.forbidden': '您无权进行此操作。',
    'system.region.restricted': '您所在的地区无法使用我们的服务。',
    'system.not.found': '未找到。',
    'system.conflict': '数据已被其他请求修改，请重试。',
    'system.throttled': '请求过于频繁，请稍后再试。',
    'system.error': '系统错误，请稍后再试。',
    'system.maintenance': '网站维护中，请稍后再来。',
  },
  ID: {
    'request.invalid': 'Sebagian informasi yang dikirim tidak valid.',
    'system.language.unsupported': 'Bahasa ini tidak didukung.',
    'system.merchant.unknown': 'Situs ini belum dikonfigurasi. Periksa alamatnya.',
    'login.not.session': 'Silakan masuk.',
    'system.forbidden': 'Anda tidak diizinkan melakukan ini.',
    'system.region.restricted': 'Layanan kami tidak tersedia di wilayah Anda.',
    'system.not.found': 'Tidak ditemukan.',
    'system.conflict': 'Data diubah oleh permintaan lain. Silakan coba lagi.',
    'system.throttled': 'Terlalu banyak permintaan. Tunggu sebentar lalu coba lagi.',
    'system.error': 'Kesalahan sistem. Silakan coba lagi nanti.',
    'system.maintenance': 'Situs sedang dalam pemeliharaan. Silakan kembali nanti.',
  },
  MY: {
    'request.invalid': 'Sebahagian maklumat yang dihantar tidak sah.',
    'system.language.unsupported': 'Bahasa ini tidak disokong.',
    'system.merchant.unknown': 'Laman ini belum dikonfigurasikan. Sila semak alamat.',
    'login.not.session': 'Sila log masuk.',
    'system.forbidden': 'Anda tidak dibenarkan berbuat demikian.',
    'system.region.restricted': 'Perkhidmatan kami tidak tersedia di rantau anda.',
    'system.not.found': 'Tidak dijumpai.',
    'system.conflict': 'Data telah diubah oleh permintaan lain. Sila cuba lagi.',
    'system.throttled': 'Terlalu banyak permintaan. Sila tunggu sebentar dan cuba lagi.',
    'system.error': 'Ralat sistem. Sila cuba lagi kemudian.',
    'system.maintenance': 'Laman sedang diselenggara. Sila kembali kemudian.',
  },
  TH: {
    'request.invalid': 'ข้อมูลที่ส่งมาบางส่วนไม่ถูกต้อง',
    'system.language.unsupported': 'ไม่รองรับภาษานี้',
    'system.merchant.unknown': 'ยังไม่ได้ตั้งค่าเว็บไซต์นี้ โปรดตรวจสอบที่อยู่',
    'login.not.session': 'กรุณาเข้าสู่ระบบ',
    'system.forbidden': 'คุณไม่ได้รับอนุญาตให้ทำรายการนี้',
    'system.region.restricted': 'บริการของเราไม่พร้อมให้บริการในภูมิภาคของคุณ',
    'system.not.found': 'ไม่พบข้อมูล',
    'system.conflict': 'ข้อมูลถูกเปลี่ยนโดยคำขออื่น โปรดลองอีกครั้ง',
    'system.throttled': 'มีคำขอมากเกินไป โปรดรอสักครู่แล้วลองอีกครั้ง',
    'system.error': 'ระบบขัดข้อง โปรดลองอีกครั้งภายหลัง',
    'system.maintenance': 'เว็บไซต์อยู่ระหว่างปรับปรุง โปรดกลับมาใหม่ภายหลัง',
  },
  TY: {
    'request.invalid': 'May mga impormasyong ipinadala na hindi wasto.',
    'system.language.unsupported': 'Hindi suportado ang wikang ito.',
    'system.merchant.unknown': 'Hindi naka-configure ang site na ito. Pakisuri ang address.',
    'login.not.session': 'Mangyaring mag-log in.',
    'system.forbidden': 'Hindi ka pinapayagang gawin ito.',
    'system.region.restricted': 'Hindi available ang aming serbisyo sa iyong rehiyon.',
    'system.not.found': 'Hindi nahanap.',
    'system.conflict': 'Binago ito ng ibang kahilingan. Pakisubukang muli.',
    'system.throttled': 'Masyadong maraming kahilingan. Maghintay sandali at subukang muli.',
    'system.error': 'Error sa system. Pakisubukang muli mamaya.',
    'system.maintenance': 'Kasalukuyang nasa maintenance ang site. Bumalik mamaya.',
  },
  VI: {
    'request.invalid': 'Một số thông tin gửi lên không hợp lệ.',
    'system.language.unsupported': 'Ngôn ngữ này không được hỗ trợ.',
    'system.merchant.unknown': 'Trang này chưa được cấu hình. Vui lòng kiểm tra địa chỉ.',
    'login.not.session': 'Vui lòng đăng nhập.',
    'system.forbidden': 'Bạn không được phép thực hiện thao tác này.',
    'system.region.restricted': 'Dịch vụ của chúng tôi không khả dụng tại khu vực của bạn.',
    'system.not.found': 'Không tìm thấy.',
    'system.conflict': 'Dữ liệu đã bị thay đổi bởi yêu cầu khác. Vui lòng thử lại.',
    'system.throttled': 'Quá nhiều yêu cầu. Vui lòng đợi một lát rồi thử lại.',
    'system.error': 'Lỗi hệ thống. Vui lòng thử lại sau.',
    'system.maintenance': 'Trang web đang bảo trì. Vui lòng quay lại sau.',
  },
};

export function messageFor(code: ErrorCode, lang: Language, params: (string | number)[] = []): string {
  const template = MESSAGES[lang][code];
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => String(params[Number(i)] ?? whole));
}
