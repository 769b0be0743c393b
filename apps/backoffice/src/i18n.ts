import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from './api/client';
import type enAml from './locales/en/aml.json';
import type enApiKeys from './locales/en/apikeys.json';
import type enAudit from './locales/en/audit.json';
import type enAuth from './locales/en/auth.json';
import type enCashier from './locales/en/cashier.json';
import type enChat from './locales/en/chat.json';
import type enCommon from './locales/en/common.json';
import type enDashboard from './locales/en/dashboard.json';
import type enIntegrations from './locales/en/integrations.json';
import type enKyc from './locales/en/kyc.json';
import type enPlayers from './locales/en/players.json';
import type enProtection from './locales/en/protection.json';
import type enSecurity from './locales/en/security.json';
import type enStaff from './locales/en/staff.json';
import type enBrands from './locales/en/brands.json';
import type enContent from './locales/en/content.json';
import type enGames from './locales/en/games.json';
import type enLottery from './locales/en/lottery.json';
import type enPromotions from './locales/en/promotions.json';
import type enRewards from './locales/en/rewards.json';
import type enAgents from './locales/en/agents.json';
import type enChannels from './locales/en/channels.json';
import type enReports from './locales/en/reports.json';
import type enReportsBusiness from './locales/en/reportsBusiness.json';
import type enReportsCashier from './locales/en/reportsCashier.json';
import type enReportsPlayers from './locales/en/reportsPlayers.json';
import type enReportsRewards from './locales/en/reportsRewards.json';
import type enReportsAgents from './locales/en/reportsAgents.json';
import type enReportsCompliance from './locales/en/reportsCompliance.json';

/** One namespace per page group: a page downloads only its own texts, in the active language. */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'players',
  'cashier',
  'chat',
  'staff',
  'apikeys',
  'security',
  'integrations',
  'audit',
  'aml',
  'kyc',
  'protection',
  'brands',
  'content',
  'games',
  'lottery',
  'promotions',
  'rewards',
  'agents',
  'channels',
  'reports',
  'reportsBusiness',
  'reportsCashier',
  'reportsPlayers',
  'reportsRewards',
  'reportsAgents',
  'reportsCompliance',
] as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: {
      common: typeof enCommon;
      auth: typeof enAuth;
      dashboard: typeof enDashboard;
      players: typeof enPlayers;
      cashier: typeof enCashier;
      chat: typeof enChat;
      staff: typeof enStaff;
      apikeys: typeof enApiKeys;
      security: typeof enSecurity;
      integrations: typeof enIntegrations;
      audit: typeof enAudit;
      aml: typeof enAml;
      kyc: typeof enKyc;
      protection: typeof enProtection;
      brands: typeof enBrands;
      content: typeof enContent;
      games: typeof enGames;
      lottery: typeof enLottery;
      promotions: typeof enPromotions;
      rewards: typeof enRewards;
      agents: typeof enAgents;
      channels: typeof enChannels;
      reports: typeof enReports;
      reportsBusiness: typeof enReportsBusiness;
      reportsCashier: typeof enReportsCashier;
      reportsPlayers: typeof enReportsPlayers;
      reportsRewards: typeof enReportsRewards;
      reportsAgents: typeof enReportsAgents;
      reportsCompliance: typeof enReportsCompliance;
    };
  }
}

/** The languages of the platform (API codes in lower case), with their native names for the picker. */
export const LANGUAGE_NAMES = {
  en: 'English',
  cn: '简体中文',
  id: 'Bahasa Indonesia',
  my: 'Bahasa Melayu',
  th: 'ไทย',
  ty: 'Filipino',
  vi: 'Tiếng Việt',
} as const;
export type UiLanguage = keyof typeof LANGUAGE_NAMES;
const LANG_KEY = 'bo.lang';

/** The BCP 47 tag for number and date formatting. */
export const LOCALE_TAGS: Record<UiLanguage, string> = {
  en: 'en-GB',
  cn: 'zh-CN',
  id: 'id-ID',
  my: 'ms-MY',
  // Staff compare dates with the pickers and the API, which are Gregorian: not the Buddhist era.
  th: 'th-TH-u-ca-gregory',
  ty: 'fil-PH',
  vi: 'vi-VN',
};

const isLanguage = (s: string | null): s is UiLanguage => s !== null && s in LANGUAGE_NAMES;

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = files[`./locales/${lng}/${ns}.json`];
    if (!load) return callback(new Error(`no locale ${lng}/${ns}`), false);
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

function initialLanguage(): UiLanguage {
  const saved = localStorage.getItem(LANG_KEY);
  if (isLanguage(saved)) return saved;
  const nav = navigator.language.toLowerCase();
  if (nav.startsWith('zh')) return 'cn';
  if (nav.startsWith('ms')) return 'my';
  if (nav.startsWith('fil') || nav.startsWith('tl')) return 'ty';
  const short = nav.slice(0, 2);
  return isLanguage(short) ? short : 'en';
}

export function currentLanguage(): UiLanguage {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export async function setLanguage(lang: UiLanguage): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  setApiLanguage(lang);
  document.documentElement.lang = LOCALE_TAGS[lang];
  await i18next.changeLanguage(lang);
}

export async function initI18n(): Promise<void> {
  const lng = initialLanguage();
  setApiLanguage(lng);
  document.documentElement.lang = LOCALE_TAGS[lng];
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}
