import type { LocalizedText } from '../schema';

/** Help-centre sections of the demo brands, by tag. {brand} is replaced with the brand name. */
export const HELP_SECTIONS: Record<string, { title: LocalizedText; content: LocalizedText }> = {
  about: {
    title: { EN: 'About us', CN: '关于我们', MY: 'Tentang kami' },
    content: {
      EN: '<p>{brand} offers slots, live casino, fishing, card games, sports, esports, lottery and cockfight in one wallet. We pay out fast and keep your data safe.</p>',
      CN: '<p>{brand} 提供老虎机、真人娱乐、捕鱼、棋牌、体育、电竞、彩票与斗鸡，一个钱包畅玩所有游戏。出款快速，资料安全。</p>',
      MY: '<p>{brand} menawarkan slot, kasino langsung, memancing, permainan kad, sukan, e-sukan, loteri dan sabung ayam dalam satu dompet. Pembayaran pantas dan data anda selamat.</p>',
    },
  },
  faq: {
    title: { EN: 'Frequently asked questions', CN: '常见问题', MY: 'Soalan lazim' },
    content: {
      EN: '<h3>How do I register?</h3><p>Press Sign up, fill in the form and accept the terms. You must be of legal age.</p><h3>I forgot my password</h3><p>Use Forgot password in the login window; you can reset it by e-mail or by mobile number.</p><h3>Is my balance shared between games?</h3><p>Yes. One main wallet funds every game; some providers use their own wallet and the site moves money for you.</p>',
      CN: '<h3>如何注册？</h3><p>点击注册，填写表格并同意条款。您必须达到法定年龄。</p><h3>忘记密码怎么办？</h3><p>在登录窗口点击忘记密码，可通过邮箱或手机号重置。</p><h3>余额是否所有游戏通用？</h3><p>是的。主钱包可用于所有游戏；部分厂商使用独立钱包，系统会自动为您转账。</p>',
      MY: '<h3>Bagaimana untuk mendaftar?</h3><p>Tekan Daftar, isi borang dan terima terma. Anda mesti cukup umur.</p><h3>Saya terlupa kata laluan</h3><p>Gunakan Lupa kata laluan dalam tetingkap log masuk; set semula melalui e-mel atau nombor telefon.</p><h3>Adakah baki dikongsi antara permainan?</h3><p>Ya. Satu dompet utama untuk semua permainan; sesetengah penyedia menggunakan dompet sendiri dan laman ini memindahkan wang untuk anda.</p>',
    },
  },
  deposit: {
    title: { EN: 'How to deposit', CN: '如何存款', MY: 'Cara deposit' },
    content: {
      EN: '<ol><li>Log in and open Deposit.</li><li>Choose a payment method and enter the amount.</li><li>Follow the payment page; your balance updates when the payment arrives.</li></ol><p>Bank transfers need a receipt (PNG or JPG, up to 5 MB).</p>',
      CN: '<ol><li>登录后打开存款页面。</li><li>选择支付方式并输入金额。</li><li>按照支付页面操作，到账后余额自动更新。</li></ol><p>银行转账需上传凭证（PNG或JPG，最大5MB）。</p>',
      MY: '<ol><li>Log masuk dan buka Deposit.</li><li>Pilih kaedah bayaran dan masukkan jumlah.</li><li>Ikut halaman pembayaran; baki dikemas kini apabila bayaran diterima.</li></ol><p>Pindahan bank memerlukan resit (PNG atau JPG, sehingga 5 MB).</p>',
    },
  },
  withdraw: {
    title: { EN: 'How to withdraw', CN: '如何取款', MY: 'Cara pengeluaran' },
    content: {
      EN: '<p>Bind a bank account or e-wallet in your own name, set a payment password, then request a withdrawal. Bonuses may require turnover before you can withdraw.</p>',
      CN: '<p>绑定本人名下的银行账户或电子钱包，设置支付密码后即可申请取款。部分奖金需完成流水要求后方可取款。</p>',
      MY: '<p>Ikat akaun bank atau e-dompet atas nama anda sendiri, tetapkan kata laluan pembayaran, kemudian mohon pengeluaran. Bonus mungkin memerlukan pusing ganti sebelum pengeluaran.</p>',
    },
  },
  agent: {
    title: { EN: 'Affiliate programme', CN: '代理合作', MY: 'Program gabungan' },
    content: {
      EN: "<p>Become an agent of {brand}: invite players with your link, earn dividends and daily, hourly or real-time wages on your team's play. Real-time wages are settled every 5 minutes.</p><p>Contact our affiliate service to apply.</p>",
      CN: '<p>成为 {brand} 代理：通过专属链接邀请玩家，按团队投注获得分红以及日薪、时薪或实时工资。实时工资每5分钟结算一次。</p><p>请联系代理客服申请。</p>',
      MY: '<p>Jadi ejen {brand}: jemput pemain dengan pautan anda, dapatkan dividen dan gaji harian, setiap jam atau masa nyata daripada permainan pasukan anda. Gaji masa nyata diselesaikan setiap 5 minit.</p><p>Hubungi khidmat gabungan kami untuk memohon.</p>',
    },
  },
  term: {
    title: { EN: 'Terms and user agreement', CN: '条款与用户协议', MY: 'Terma dan perjanjian pengguna' },
    content: {
      EN: '<p>By opening an account you confirm you are of legal age in your country and that the information you give is true. One account per person. Bets are final once accepted. {brand} may close accounts used for fraud or abuse of promotions.</p>',
      CN: '<p>开户即表示您已达到所在国家的法定年龄，且所提供信息真实。每人限开一个账户。投注一经接受即为最终结果。对于欺诈或滥用优惠的账户，{brand} 有权关闭。</p>',
      MY: '<p>Dengan membuka akaun, anda mengesahkan anda cukup umur di negara anda dan maklumat yang diberi adalah benar. Satu akaun seorang. Pertaruhan adalah muktamad setelah diterima. {brand} boleh menutup akaun yang digunakan untuk penipuan atau penyalahgunaan promosi.</p>',
    },
  },
  privacy: {
    title: { EN: 'Privacy policy', CN: '隐私政策', MY: 'Dasar privasi' },
    content: {
      EN: '<p>We keep your personal data only to run your account, meet legal duties and prevent fraud. Passwords are stored as one-way hashes. We never sell your data.</p>',
      CN: '<p>我们仅为运营账户、履行法律义务和防范欺诈而保存您的个人资料。密码以单向哈希存储。我们绝不出售您的资料。</p>',
      MY: '<p>Kami menyimpan data peribadi anda hanya untuk mengendalikan akaun, memenuhi kewajipan undang-undang dan mencegah penipuan. Kata laluan disimpan sebagai cincangan sehala. Kami tidak pernah menjual data anda.</p>',
    },
  },
  responsible: {
    title: { EN: 'Responsible gaming', CN: '责任博彩', MY: 'Permainan bertanggungjawab' },
    content: {
      EN: '<p>Play for fun, never to chase losses. Set deposit limits, take breaks, and ask customer service to close your account for a while if you need to.</p>',
      CN: '<p>娱乐为主，切勿追损。设置存款限额、适时休息；如有需要，可联系客服暂时关闭账户。</p>',
      MY: '<p>Main untuk hiburan, jangan kejar kerugian. Tetapkan had deposit, berehat, dan minta khidmat pelanggan menutup akaun anda buat sementara jika perlu.</p>',
    },
  },
  contact: {
    title: { EN: 'Contact us', CN: '联系我们', MY: 'Hubungi kami' },
    content: {
      EN: '<p>Customer service answers 24 hours a day, 7 days a week, through live chat, Telegram and WhatsApp. VIP members have a dedicated host.</p>',
      CN: '<p>客服7×24小时在线，可通过在线客服、Telegram 和 WhatsApp 联系。VIP会员享有专属客服。</p>',
      MY: '<p>Khidmat pelanggan menjawab 24 jam sehari, 7 hari seminggu melalui sembang langsung, Telegram dan WhatsApp. Ahli VIP mempunyai hos khas.</p>',
    },
  },
};
