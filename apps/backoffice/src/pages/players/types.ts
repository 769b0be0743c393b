/** The Players section of the back-office API, as the server answers it (see the API contract). */

export interface Blocks {
  login: boolean;
  deposit: boolean;
  withdrawal: boolean;
  betting: boolean;
}
export const BLOCK_KEYS = [
  'login',
  'deposit',
  'withdrawal',
  'betting',
] as const satisfies readonly (keyof Blocks)[];

/** The search's status filter: BLOCKED finds players with any block switched on. */
export const PLAYER_FILTER_STATES = ['ACTIVE', 'LOCKED', 'BLOCKED'] as const;

export interface PlayerRow {
  memberId: string;
  username: string;
  realName: string | null;
  mobile: string | null;
  email: string | null;
  status: 'ACTIVE' | 'LOCKED';
  blocks: Blocks;
  vipLevel: number;
  registeredAt: string;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  isAgent: boolean;
  upline: string | null;
  tags: string[];
}

export interface PlayerDetail {
  memberId: string;
  username: string;
  realName: string | null;
  nickname: string | null;
  mobile: string | null;
  email: string | null;
  idNumberMasked: string | null;
  status: 'ACTIVE' | 'LOCKED';
  blocks: Blocks;
  vipLevel: number;
  vipLabel: string | null;
  registeredAt: string;
  registerIp: string | null;
  registerDevice: string | null;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  isAgent: boolean;
  upline: string | null;
  affiliateCode: string | null;
  verification: { mobile: boolean; email: boolean; totp: boolean; realName: boolean };
  wallets: { wallet: string; balance: number }[];
  turnover: { id: string; source: string; required: number; done: number; status: 'OPEN' | 'MET' }[];
  tags: string[];
}

export interface LedgerRow {
  at: string;
  kind: string;
  wallet: string;
  reference: string;
  amount: number;
  balanceAfter?: number | null;
  memo: string | null;
}
export interface BetRow {
  at: string;
  game: string;
  vendor: string;
  betId: string;
  stake: number;
  validStake: number;
  payout: number;
  status: string;
  /** The round as the game provider reported it: any JSON, shown as is. */
  detail: unknown;
}
export interface OrderRow {
  orderNo: string;
  at: string;
  amount: number;
  status: string;
  channel: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}
export interface BonusRow {
  at: string;
  kind: string;
  amount: number;
  turnoverRequired: number;
  status: 'OPEN' | 'MET' | 'NO_TURNOVER';
}
export interface LoginRow {
  at: string;
  ip: string;
  device: string | null;
  userAgent: string | null;
  success: boolean;
  reason: string | null;
}
export interface LinkedRow {
  memberId: string;
  username: string;
  via: 'IP' | 'DEVICE' | 'PAYOUT_ACCOUNT' | 'MOBILE';
  value: string;
  lastSeenAt: string;
}
export interface NoteRow {
  id: string;
  at: string;
  author: string;
  text: string;
}
