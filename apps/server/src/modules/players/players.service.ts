import { fromMinor, type Language } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { ProfileService } from '../member';
import type { SessionService } from '../session';
import type { VipLevelService } from '../vip';
import type { PlayersRepository } from './players.repository';
import { type PlayerRow, type SearchFilters, type SearchKind } from './players.repository';

interface Blocks {
  login: boolean;
  deposit: boolean;
  withdrawal: boolean;
  betting: boolean;
}

interface Paging {
  page: number;
  pageSize: number;
}

export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** What q is matched against, from its shape (SPEC: search by shape and by prefix). */
function searchKinds(q: string): SearchKind[] {
  if (/^\d+$/.test(q)) {
    // A member id is at most a bigint; longer digit strings can still be numbers or names.
    const kinds: SearchKind[] = q.length <= 18 ? ['ID'] : [];
    return [...kinds, 'MOBILE', 'USERNAME', 'AFFILIATE'];
  }
  if (/^\+\d+$/.test(q)) return ['MOBILE'];
  if (/^\d{1,3}(\.\d{0,3}){1,3}$/.test(q) || /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i.test(q)) return ['IP'];
  if (q.includes('@')) return ['EMAIL'];
  if (/\s/.test(q)) return ['REAL_NAME'];
  return ['USERNAME', 'EMAIL', 'REAL_NAME', 'AFFILIATE', 'UPLINE', 'DEVICE'];
}

/** `+60******789`: the dialing code and the last three digits. */
function maskMobile(dialing: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const tail = mobile.slice(-3);
  return `+${dialing ?? ''}${'*'.repeat(Math.max(mobile.length - 3, 3))}${tail}`;
}

/** `j***@example.com`: the first character and the domain. */
function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const maskId = (id: string | null) =>
  id ? `${'*'.repeat(Math.max(id.length - 4, 4))}${id.slice(-4)}` : null;
const fullMobile = (dialing: string | null, mobile: string | null) =>
  mobile ? `+${dialing ?? ''}${mobile}` : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const blocksOf = (r: PlayerRow): Blocks => ({
  login: r.block_login,
  deposit: r.block_deposit,
  withdrawal: r.block_withdrawal,
  betting: r.block_betting,
});

const paged = <T>(rows: T[], p: Paging): Paged<T> => ({
  list: rows.slice(0, p.pageSize),
  page: p.page,
  pageSize: p.pageSize,
  hasMore: rows.length > p.pageSize,
});
const window = (p: Paging) => ({ offset: (p.page - 1) * p.pageSize, limit: p.pageSize + 1 });

export interface PlayersDeps {
  sessions: Pick<SessionService, 'revokeAll'>;
  profile: Pick<ProfileService, 'operatorReset'>;
  levels: Pick<VipLevelService, 'levelExists' | 'setLevel' | 'labelOf'>;
}

/**
 * The back office's players: search, the player page with its tabs, and the operator's actions.
 * Every read and change is scoped to the request's brand: another brand's member id is "not found".
 * Routes record each change in the audit log with the before and after these methods return.
 */
export class PlayersService {
  constructor(
    private readonly repo: PlayersRepository,
    private readonly deps: PlayersDeps,
  ) {}

  async search(merchant: string, q: string | undefined, filters: SearchFilters, p: Paging) {
    const text = q?.trim() ?? '';
    // "+63917…" is a number as dialled: the stored dialing code has no '+'.
    const match = text ? { q: text.replace(/^\+(?=\d+$)/, ''), kinds: searchKinds(text) } : null;
    const { offset, limit } = window(p);
    const rows = await this.repo.search(merchant, match, filters, offset, limit);
    return paged(
      rows.map((r) => ({
        memberId: r.id,
        username: r.username,
        realName: r.payee_name,
        mobile: maskMobile(r.country_dialing_code, r.mobile_num),
        email: maskEmail(r.email),
        status: r.status === 'ACTIVE' ? ('ACTIVE' as const) : ('LOCKED' as const),
        blocks: blocksOf(r),
        vipLevel: r.vip_level,
        registeredAt: r.created_at.toISOString(),
        lastLoginAt: iso(r.last_login_at),
        lastLoginIp: r.last_login_ip,
        isAgent: r.is_agent !== 0,
        upline: r.upline,
        tags: r.tags,
      })),
      p,
    );
  }

  private async mustGet(merchant: string, memberId: string): Promise<PlayerRow> {
    const row = /^\d{1,18}$/.test(memberId) ? await this.repo.player(merchant, memberId) : undefined;
    if (!row) throw new AppError('player.not.found');
    return row;
  }

  async player(merchant: string, memberId: string, lang: Language) {
    const r = await this.mustGet(merchant, memberId);
    const [wallets, turnover, label] = await Promise.all([
      this.repo.wallets(r.id),
      this.repo.turnover(r.id, 50),
      this.deps.levels.labelOf(r.id, lang),
    ]);
    return {
      memberId: r.id,
      username: r.username,
      realName: r.payee_name,
      nickname: r.nickname,
      mobile: fullMobile(r.country_dialing_code, r.mobile_num),
      email: r.email,
      idNumberMasked: maskId(r.id_number),
      status: r.status === 'ACTIVE' ? ('ACTIVE' as const) : ('LOCKED' as const),
      blocks: blocksOf(r),
      vipLevel: r.vip_level,
      vipLabel: label.labelName,
      registeredAt: r.created_at.toISOString(),
      registerIp: r.register_ip,
      registerDevice: r.register_device,
      lastLoginAt: iso(r.last_login_at),
      lastLoginIp: r.last_login_ip,
      isAgent: r.is_agent !== 0,
      upline: r.upline,
      affiliateCode: r.affiliate_code,
      // What the member gave and set up (the platform keeps no separate proof of the numbers).
      verification: {
        mobile: r.mobile_num !== null,
        email: r.email !== null,
        totp: r.totp_enabled,
        realName: r.payee_name !== null,
      },
      wallets: wallets.map((w) => ({
        wallet: w.kind === 'VENDOR' ? w.vendor_code : 'MAIN',
        balance: fromMinor(w.balance),
      })),
      turnover: turnover.map((t) => ({
        id: t.id,
        source: t.source,
        required: fromMinor(t.required),
        done: fromMinor(t.achieved),
        status: BigInt(t.achieved) >= BigInt(t.required) ? ('MET' as const) : ('OPEN' as const),
      })),
      tags: r.tags,
    };
  }

  async ledger(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.ledger(m.id, offset, limit);
    return paged(
      rows.map((r) => ({
        at: r.at.toISOString(),
        kind: r.kind,
        wallet: r.wallet,
        reference: r.reference,
        amount: fromMinor(r.amount),
        balanceAfter: r.balance_after === null ? null : fromMinor(r.balance_after),
        memo: typeof r.memo.title === 'string' ? r.memo.title : null,
      })),
      p,
    );
  }

  async bets(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.bets(m.id, offset, limit);
    return paged(
      rows.map((r) => ({
        at: r.at.toISOString(),
        game: r.game,
        vendor: r.vendor,
        betId: r.bet_id,
        stake: fromMinor(r.stake),
        validStake: fromMinor(r.valid_bet),
        payout: fromMinor(r.payout),
        status: r.status,
        detail: r.detail ?? null,
      })),
      p,
    );
  }

  async deposits(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.deposits(m.id, offset, limit);
    return paged(rows.map(orderLine), p);
  }

  async withdrawals(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.withdrawals(m.id, offset, limit);
    return paged(rows.map(orderLine), p);
  }

  async bonuses(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.bonuses(m.id, offset, limit);
    return paged(
      rows.map((r) => ({
        at: r.at.toISOString(),
        kind: r.kind,
        amount: fromMinor(r.amount),
        turnoverRequired: r.required === null ? 0 : fromMinor(r.required),
        status:
          r.required === null
            ? ('NO_TURNOVER' as const)
            : BigInt(r.achieved ?? '0') >= BigInt(r.required)
              ? ('MET' as const)
              : ('OPEN' as const),
      })),
      p,
    );
  }

  async logins(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.logins(m.id, offset, limit);
    return paged(
      rows.map((r) => ({
        at: r.at.toISOString(),
        ip: r.ip,
        device: r.device,
        userAgent: r.user_agent,
        success: r.success,
        reason: r.reason,
      })),
      p,
    );
  }

  async linked(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.linked(merchant, m.id, offset, limit);
    return paged(
      rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        via: r.via,
        value: r.value,
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
      })),
      p,
    );
  }

  /** How many other members are linked to this one (the withdrawal risk signal). */
  async countLinked(merchant: string, memberId: string): Promise<number> {
    const m = await this.mustGet(merchant, memberId);
    return this.repo.countLinked(merchant, m.id);
  }

  async notes(merchant: string, memberId: string, p: Paging) {
    const m = await this.mustGet(merchant, memberId);
    const { offset, limit } = window(p);
    const rows = await this.repo.notes(m.id, offset, limit);
    return paged(
      rows.map((r) => ({ id: r.id, at: r.created_at.toISOString(), author: r.author, text: r.body })),
      p,
    );
  }

  async addNote(merchant: string, memberId: string, author: string, text: string) {
    const m = await this.mustGet(merchant, memberId);
    const r = await this.repo.addNote(merchant, m.id, author, text);
    return { id: r.id, at: r.created_at.toISOString(), author: r.author, text: r.body };
  }

  async setTags(merchant: string, memberId: string, tags: string[]) {
    const m = await this.mustGet(merchant, memberId);
    const after = [...new Set(tags.map((t) => t.trim()))].sort();
    await this.repo.update(merchant, m.id, { tags: after });
    return { before: { tags: m.tags }, after: { tags: after } };
  }

  /** Locks (the member cannot log in and every session ends) or unlocks the account. */
  async setLocked(merchant: string, memberId: string, locked: boolean) {
    const m = await this.mustGet(merchant, memberId);
    const status = locked ? ('DISABLED' as const) : ('ACTIVE' as const);
    await this.repo.update(merchant, m.id, { status });
    if (locked) await this.deps.sessions.revokeAll(m.id);
    return { before: { locked: m.status !== 'ACTIVE' }, after: { locked } };
  }

  /** Sets the four blocks; blocking login also ends the member's sessions. */
  async setBlocks(merchant: string, memberId: string, blocks: Blocks) {
    const m = await this.mustGet(merchant, memberId);
    await this.repo.update(merchant, m.id, {
      block_login: blocks.login,
      block_deposit: blocks.deposit,
      block_withdrawal: blocks.withdrawal,
      block_betting: blocks.betting,
    });
    if (blocks.login && !m.block_login) await this.deps.sessions.revokeAll(m.id);
    return { before: blocksOf(m), after: blocks };
  }

  async signOut(merchant: string, memberId: string) {
    const m = await this.mustGet(merchant, memberId);
    await this.deps.sessions.revokeAll(m.id);
    return m.id;
  }

  /** A temporary password to the member (never to staff); its sessions end. */
  async resetPassword(brand: Brand, memberId: string): Promise<'SMS' | 'EMAIL'> {
    const m = await this.mustGet(brand.code, memberId);
    const sentTo = await this.deps.profile.operatorReset(brand, m.id);
    await this.deps.sessions.revokeAll(m.id);
    return sentTo;
  }

  async setVipLevel(merchant: string, memberId: string, level: number) {
    const m = await this.mustGet(merchant, memberId);
    if (!(await this.deps.levels.levelExists(merchant, level)))
      throw new AppError('player.vip.level.unknown');
    const before = await this.deps.levels.setLevel(merchant, m.id, level);
    return { before: { vipLevel: before }, after: { vipLevel: level } };
  }
}

/** A deposit or withdrawal order as the player page lists it. */
function orderLine(r: {
  order_no: string;
  created_at: Date;
  amount: bigint | string;
  status: string;
  channel: string;
  reviewed_by: string | null;
  updated_at: Date;
}) {
  return {
    orderNo: r.order_no,
    at: r.created_at.toISOString(),
    amount: fromMinor(r.amount),
    status: r.status,
    channel: r.channel,
    decidedBy: r.reviewed_by,
    decidedAt: r.status === 'PENDING' ? null : r.updated_at.toISOString(),
  };
}
