/** Spec constants (SPEC.md section 9 unless noted). Defined once; server and site import them. */

/** Language codes as the real clients send them (upper case); locale files use the lower-case form. */
export const LANGUAGES = ['CN', 'EN', 'ID', 'MY', 'TH', 'TY', 'VI'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'EN';

export function parseLanguage(raw: string | undefined | null): Language | undefined {
  if (!raw) return undefined;
  const upper = raw.trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : undefined;
}

/** System status of the permission call: maintenance wins over region restriction. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

export const GAME_TYPES = [
  'RNG',
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Navigation categories in spec order; cockfight is inserted separately (see COCKFIGHT_OFFSET_AFTER_SPORTS). */
export const NAV_CATEGORIES = ['RNG', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'PVP', 'ESPORTS'] as const;
/** The cockfight group sits two places after sports, and is always present. */
export const COCKFIGHT_OFFSET_AFTER_SPORTS = 2;
export const COCKFIGHT_VENDORS = ['DS88', 'DIG', 'WS168'] as const;

export const BANNER_GROUPS = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_cockfight',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
  'w_register',
] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** The banner group each page of the site shows (pages not listed show no banner). */
const BANNER_GROUP_BY_PATH: Readonly<Record<string, BannerGroup>> = {
  '/': 'w_home',
  '/index': 'w_home',
  '/index.html': 'w_home',
  '/home': 'w_home',
  '/login': 'w_home',
  '/forget': 'w_home',
  '/register': 'w_home',
  '/register.html': 'w_home',
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_lott',
  '/cockfight': 'w_cockfight',
  '/promotions': 'w_promotion',
  '/pointMall': 'w_shop',
  '/help': 'w_help',
  '/join': 'w_reg',
};

/** The banner group a page shows; null for pages without a banner. */
export function bannerGroupFor(pathname: string): BannerGroup | null {
  return Object.hasOwn(BANNER_GROUP_BY_PATH, pathname) ? BANNER_GROUP_BY_PATH[pathname]! : null;
}

/**
 * The home page's banner group. Its pages use the home layout, the header then the banner (the
 * other banner pages put the notice bar between them): the site lays them out so, and the server
 * paints their first banner in the page it sends.
 */
export const HOME_BANNER_GROUP: BannerGroup = 'w_home';

/** Whether a page uses the home layout. */
export const isHomePath = (pathname: string): boolean => bannerGroupFor(pathname) === HOME_BANNER_GROUP;

/** Announcement types: B banners, PL player notices, PU popups, PR promotion notices. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const ANNOUNCEMENT_PLATFORM = 'W';
/** Platforms an announcement request may name: web and mobile web. */
export const ANNOUNCEMENT_PLATFORMS = ['W', 'M'] as const;
export const ANNOUNCEMENT_EXECUTION = 'B';

export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'DIRECTREG3',
  'CHNGPASSVERIF3',
  'MOBILEVERCODELOGIN3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

/** Module switches beyond the whitelabel flags (SPEC section 3: free play, forced password change, phone login, salary, contracts). */
export const MODULE_SWITCHES = [
  'FREEPLAY',
  'FORCECHANGEPASS',
  'PHONELOGIN',
  'SALARY',
  'HOURSALARY',
  'REALTIMESALARY',
  'CONTRACT',
  'SOCIALFACEBOOK',
  'SOCIALGOOGLE',
] as const;
export type ModuleSwitch = (typeof MODULE_SWITCHES)[number];

export const CS_TYPES = ['VIP', 'LIVECHAT'] as const;
/** Customer-service path entries of this type are what the service window opens. */
export const CS_PATH_TYPE_WINDOW = 3;
/** Rank levels above this get VIP customer service. */
export const VIP_RANK_THRESHOLD = 4;
/** A scrambled customer-service path carries its 8-character key at the end. */
export const CS_PATH_KEY_LENGTH = 8;

export const CLIENT_TYPE = 3;
export const DEFAULT_CURRENCY_SYMBOL = 'P';
export const DEFAULT_THEME = 'light';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const BANNER_AUTOPLAY_MS = 5000;
export const DROPDOWN_BLUR_MS = 200;
export const CLOCK_TICK_MS = 1000;
export const VENDORS_PER_DROPDOWN = 30;
export const VENDOR_STRIP_SLIDES = 10;
export const VENDOR_STRIP_SPEED_MS = 3000;
/** Vendors whose code starts with this are left out of the footer logo strip. */
export const VENDOR_STRIP_EXCLUDED_PREFIX = 'TCG';
export const GAME_LIST_PAGE_SIZE = 15;
export const DEFAULT_VENDOR_PLATFORM = 'html5-desktop';

/** Session storage keys (SPEC section 3). Logout clears all but merchant and merchantCode. */
export const SESSION_KEYS = {
  token: 'token',
  isAgent: 'isAgent',
  username: 'username',
  memberLabel: 'memberLabel',
  customerId: 'customerId',
  account: 'account',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
} as const;
/** Local storage keys (SPEC section 3). */
export const LOCAL_KEYS = {
  theme: 'theme',
  lang: 'lang',
  hisLang: 'hisLang',
  lottFav: 'LOTTFAV',
  deviceId: 'deviceId',
} as const;

/** Request headers of the API contract (ARCHITECTURE section 3). */
export const HEADERS = {
  merchant: 'merchant',
  authorization: 'authorization',
  language: 'language',
  device: 'device',
  gatewayVersion: 'x-gateway-version',
  /** A random id the client keeps for the device (not the client type in `device`). */
  deviceId: 'x-device-id',
} as const;

/** Routes that stay reachable without a token when the brand's loginedToHomePage flag is on. */
export const LOGIN_FREE_ROUTES = ['/login', '/register', '/register.html', '/helpmc', '/download'] as const;

/**
 * The member label colour of members without a level colour (SPEC section 3: default grey). Here,
 * not in vip.ts, because the header reads it: constants.ts holds no zod schema, so the first page
 * load does not carry the schemas.
 */
export const DEFAULT_LABEL_COLOR = '#8a9099';

/**
 * The push channel (contracts push.ts): its WebSocket, the long poll for networks that refuse
 * WebSockets, the most public topics one connection may hold, and the member's own topic.
 */
export const PUSH_PATH = '/wps/push';
/** The fallback for networks that refuse WebSockets: a long poll answering at the next event. */
export const PUSH_POLL_PATH = '/wps/push/poll';
/** At most this many public topics per connection. */
export const PUSH_MAX_TOPICS = 20;
export const PUSH_MEMBER_TOPIC = 'member';
/** A visitor's chat conversation, joined by the hello's (or the poll's) chat token (chat.ts). */
export const PUSH_CHAT_TOPIC = 'chat';
/**
 * The back office's push channel: a WebSocket opened with the staff session cookie (brand in
 * `?merchant=`), on which a queue page subscribes to its queue and hears `changed`.
 */
export const STAFF_PUSH_PATH = '/wps/admin/push';
export const STAFF_PUSH_QUEUES = ['deposits', 'withdrawals', 'approvals', 'kyc', 'aml', 'chat'] as const;
export type StaffPushQueue = (typeof STAFF_PUSH_QUEUES)[number];
