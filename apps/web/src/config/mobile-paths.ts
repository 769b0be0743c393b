import { paths } from './paths';

/** The member centre opened at one of its pages (the `?member=` link). */
const centre = (page: string) => `${paths.home}?member=${page}`;

/**
 * Where the mobile addresses real clients of this platform family open land: the first part
 * after /m/, lower-cased. Anything not listed keeps its path without the /m (so /m/noticePage is
 * /noticePage, and an unknown one ends at the not-found page, in the phone shell).
 */
const MOBILE_ALIASES: Record<string, string> = {
  '': paths.home,
  home: paths.home,
  index: paths.home,
  'index.html': paths.home,
  login: paths.login,
  register: paths.register,
  signup: paths.register,
  forget: paths.forget,
  forgot: paths.forget,
  promotion: paths.promotions,
  promotions: paths.promotions,
  promo: paths.promotions,
  activity: paths.promotions,
  deposit: centre('depositv2'),
  withdraw: centre('withdraw'),
  transfer: centre('transferFund'),
  wallet: centre('transferFund'),
  member: centre('securityCenter'),
  mine: centre('securityCenter'),
  my: centre('securityCenter'),
  me: centre('securityCenter'),
  account: centre('securityCenter'),
  message: centre('messageV2'),
  messages: centre('messageV2'),
  inbox: centre('messageV2'),
  records: centre('personalHistoryCopy'),
  betrecord: centre('personalHistoryCopy'),
  bethistory: centre('personalHistoryCopy'),
  transactions: centre('transactionHistory'),
  reward: centre('rewardCenter'),
  rewards: centre('rewardCenter'),
  mission: centre('missionLeaderboard'),
  missions: centre('missionLeaderboard'),
  vip: paths.vip,
  pointmall: paths.pointMall,
  mall: paths.pointMall,
  help: paths.help,
  app: paths.down,
  download: paths.down,
  down: paths.down,
  agent: paths.agentHome,
  agenthome: paths.agentHome,
  slot: '/rng',
  slots: '/rng',
  casino: '/live',
  fishing: '/fish',
  sport: '/sports',
  cards: '/pvp',
  chess: '/pvp',
  lottery: paths.lottery,
};

/**
 * The site address a mobile address (/m/...) opens, its query and hash kept (a query of the
 * target itself, such as the centre's page, wins over the same name in the incoming one).
 */
export function mobileTarget(pathname: string, search = '', hash = ''): string {
  const rest = pathname.replace(/^\/m(?=\/|$)/, '').replace(/^\/+/, '');
  const [first = '', ...more] = rest.split('/');
  const alias =
    more.length === 0 || (more.length === 1 && more[0] === '')
      ? MOBILE_ALIASES[first.toLowerCase()]
      : undefined;
  const target = alias ?? `/${rest.replace(/\/+$/, '')}`;
  const [targetPath, targetQuery = ''] = target.split('?');
  const query = new URLSearchParams(search);
  for (const [k, v] of new URLSearchParams(targetQuery)) query.set(k, v);
  const q = query.toString();
  return `${targetPath}${q ? `?${q}` : ''}${hash}`;
}
