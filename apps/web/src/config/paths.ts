import type { GameType } from '@app/contracts';

/** Every route path of the site and the link builders. Nothing else spells a path. */
export const paths = {
  home: '/',
  homeAliases: ['/index', '/index.html', '/home'],
  login: '/login',
  forget: '/forget',
  register: '/register',
  registerHtml: '/register.html',
  /** The register popup with a friend's referral code filled in (the invite link). */
  registerWithReferral: (code: string) => `/register?referralCode=${encodeURIComponent(code)}`,
  noticePage: '/noticePage',
  vip: '/vip',
  pointMall: '/pointMall',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  help: '/help',
  helpSection: (tag: string) => `/help#${tag}`,
  helpmc: '/helpmc',
  down: '/down',
  download: '/download',
  join: '/join',
  /**
   * The built-in customer-service chat (what the service window opens when a brand points it
   * here): the contracts' CHAT_PATH, spelled out because chat.ts holds schemas the first page must
   * not load (a test keeps the two equal).
   */
  chat: '/chat',
  game: '/game',
  /** The mobile addresses' prefix (/m/home, /m/deposit, ...): config/mobile-paths.ts maps them. */
  mobile: '/m',
  agentHome: '/agentHome',
  hot: '/hot',
  lottery: '/lottery',
  /** The lottery lobby, optionally of one vendor's games (what the header's lottery vendors open). */
  lotteryLobby: (vendor?: string) => (vendor ? `/lottery?vendor=${encodeURIComponent(vendor)}` : '/lottery'),
  /** A lottery game's betting page (SPEC section 2: query gameCode, vendor, playType). */
  lotteryGame: (gameCode: string, vendor?: string, playType?: string) => {
    const q = new URLSearchParams({ gameCode });
    if (vendor) q.set('vendor', vendor);
    if (playType) q.set('playType', playType);
    return `/lottery?${q.toString()}`;
  },
  /** The VN lottery lobby (header only). */
  vnlottery: '/vnlottery',
  rng: (vendor?: string) => (vendor ? `/rng?page=${encodeURIComponent(vendor)}` : '/rng'),
  pvp: (vendor?: string) => (vendor ? `/pvp?page=${encodeURIComponent(vendor)}` : '/pvp'),
  fish: '/fish',
  seamless: '/seamless',
  fbsports: '/fbsports',
  /** A launched game inside the site: the frame page (with shell) or the header-only seamless page. */
  gameFrame: (url: string, name?: string) =>
    `/game?url=${encodeURIComponent(url)}${name ? `&name=${encodeURIComponent(name)}` : ''}`,
  seamlessGame: (url: string, name?: string) =>
    `/seamless?url=${encodeURIComponent(url)}${name ? `&name=${encodeURIComponent(name)}` : ''}`,
  /** The house slot's game client (what a house launch URL points at, on a launch CDN). */
  playSlot: '/play/slot',
  /** The house card game's client (Three Card Showdown). */
  playCards: '/play/cards',
  /** The house fishing shooter's game client. */
  playFish: '/play/fish',
  /** The house cockfight arena's game client (DS88, DIG and WS168 launch it). */
  playCockfight: '/play/cockfight',
  /** The house live baccarat's game client. */
  playBaccarat: '/play/baccarat',
  /** The house sportsbook's client (football and esports). */
  playSports: '/play/sports',
  /** A game category page: the route parameter `games`, upper-cased into the game type. */
  categoryParam: '/:games',
  /** The lobby or list page of a game type; LOTT and ELOTT share /elott. */
  category: (type: GameType) => (type === 'LOTT' ? '/elott' : `/${type.toLowerCase()}`),
} as const;
