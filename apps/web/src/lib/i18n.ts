import { LANGUAGES, LOCAL_KEYS, parseLanguage, type Language } from '@app/contracts';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type en from '../locales/en.json';
import type enLottery from '../locales/lottery/en.json';
import type enAgent from '../locales/agent/en.json';
import type enPlay from '../locales/play/en.json';
import type enPromo from '../locales/promo/en.json';
import type enRewards from '../locales/rewards/en.json';
import type enVip from '../locales/vip/en.json';
import type enPoints from '../locales/points/en.json';
import type enInbox from '../locales/inbox/en.json';
import type enProtection from '../locales/protection/en.json';
import type enKyc from '../locales/kyc/en.json';
import type enRecords from '../locales/records/en.json';
import type enSecurity from '../locales/security/en.json';
import type enDown from '../locales/down/en.json';
import type enTiles from '../locales/tiles/en.json';
import type enChat from '../locales/chat/en.json';
import type enMobile from '../locales/mobile/en.json';
import { local } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** The games' own texts; a component of a game also reads the site's (fallbackNS). */
    fallbackNS: 'translation';
    resources: {
      translation: typeof en;
      play: typeof enPlay;
      lottery: typeof enLottery;
      agent: typeof enAgent;
      promo: typeof enPromo;
      rewards: typeof enRewards;
      vip: typeof enVip;
      points: typeof enPoints;
      inbox: typeof enInbox;
      protection: typeof enProtection;
      kyc: typeof enKyc;
      tiles: typeof enTiles;
      records: typeof enRecords;
      security: typeof enSecurity;
      down: typeof enDown;
      chat: typeof enChat;
      mobile: typeof enMobile;
    };
  }
}

/**
 * Only the active language is downloaded: each locale file is its own chunk. The house games'
 * texts are a namespace of their own (`useTranslation('play')`), fetched when a game opens, so
 * the site's first load does not carry them. The lottery screens' texts (`lottery`) likewise come
 * with a lottery page or the home page's popular lotteries; the agent centre's (`agent`) with
 * /agentHome or the agent-centre overlay. The engagement pages bring theirs: promotions and
 * bonus details (`promo`), missions and the reward centre (`rewards`), VIP and rebates (`vip`), the
 * points mall (`points`); the inbox, feedback and invite-friends pages theirs (`inbox`); responsible gaming its own
 * (`protection`); identity verification its own (`kyc`); game tiles' badges other than hot (`tiles`);
 * the member centre's betting and account records and profit report theirs (`records`), its
 * security centre (profile, mobile, passwords, 2FA, sessions, login history) its own (`security`);
 * the app download page its own (`down`); the customer-service chat its own (`chat`); the phone
 * menu and the pull-to-refresh hint theirs (`mobile`).
 */
const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>> = {
  translation: import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json'),
  play: import.meta.glob<{ default: Record<string, unknown> }>('../locales/play/*.json'),
  lottery: import.meta.glob<{ default: Record<string, unknown> }>('../locales/lottery/*.json'),
  agent: import.meta.glob<{ default: Record<string, unknown> }>('../locales/agent/*.json'),
  promo: import.meta.glob<{ default: Record<string, unknown> }>('../locales/promo/*.json'),
  rewards: import.meta.glob<{ default: Record<string, unknown> }>('../locales/rewards/*.json'),
  vip: import.meta.glob<{ default: Record<string, unknown> }>('../locales/vip/*.json'),
  points: import.meta.glob<{ default: Record<string, unknown> }>('../locales/points/*.json'),
  inbox: import.meta.glob<{ default: Record<string, unknown> }>('../locales/inbox/*.json'),
  protection: import.meta.glob<{ default: Record<string, unknown> }>('../locales/protection/*.json'),
  kyc: import.meta.glob<{ default: Record<string, unknown> }>('../locales/kyc/*.json'),
  // Game tile badges beyond "hot" (the first page's budget keeps them out of the main locale).
  tiles: import.meta.glob<{ default: Record<string, unknown> }>('../locales/tiles/*.json'),
  records: import.meta.glob<{ default: Record<string, unknown> }>('../locales/records/*.json'),
  security: import.meta.glob<{ default: Record<string, unknown> }>('../locales/security/*.json'),
  down: import.meta.glob<{ default: Record<string, unknown> }>('../locales/down/*.json'),
  chat: import.meta.glob<{ default: Record<string, unknown> }>('../locales/chat/*.json'),
  mobile: import.meta.glob<{ default: Record<string, unknown> }>('../locales/mobile/*.json'),
};

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = loaders[ns]?.[`../locales/${ns === 'translation' ? '' : `${ns}/`}${lng}.json`];
    if (!load) return callback(new Error(`no locale ${ns}/${lng}`), false);
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

export const toLocale = (lang: Language) => lang.toLowerCase();

/** Native names, shown in the switcher whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  CN: '简体中文',
  EN: 'English',
  ID: 'Bahasa Indonesia',
  MY: 'Bahasa Melayu',
  TH: 'ไทย',
  TY: 'Filipino',
  VI: 'Tiếng Việt',
};

/** HTML lang attribute per language code. */
const HTML_LANG: Record<Language, string> = {
  CN: 'zh-CN',
  EN: 'en',
  ID: 'id',
  MY: 'ms',
  TH: 'th',
  TY: 'fil',
  VI: 'vi',
};

export function storedLanguage(): Language | undefined {
  return parseLanguage(local.get(LOCAL_KEYS.lang));
}

export const i18n = i18next.createInstance();

/**
 * The language the site opens in, also as a cookie: the server reads it to preload the page's
 * first banner in that language (app.ts pageHints).
 */
function showLanguage(lang: Language): void {
  document.documentElement.lang = HTML_LANG[lang];
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export function initI18n(lang: Language): Promise<unknown> {
  showLanguage(lang);
  return i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: toLocale(lang),
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: 'translation',
      supportedLngs: LANGUAGES.map(toLocale),
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

/** The language code the API expects (upper case). */
export function currentApiLanguage(): Language {
  return parseLanguage(i18n.language) ?? storedLanguage() ?? 'EN';
}

/** Switches language, remembering the previous one (hisLang) and the choice (lang). */
export async function changeLanguage(lang: Language): Promise<void> {
  const previous = currentApiLanguage();
  if (previous !== lang) local.set(LOCAL_KEYS.hisLang, previous);
  local.set(LOCAL_KEYS.lang, lang);
  showLanguage(lang);
  await i18n.changeLanguage(toLocale(lang));
}

/** The API language, re-rendering the caller when the language changes (query keys use it). */
export function useApiLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return parseLanguage(instance.language) ?? storedLanguage() ?? 'EN';
}
