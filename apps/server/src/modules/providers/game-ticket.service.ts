import { createHash, randomBytes } from 'node:crypto';
import { TRIAL_IS_AGENT, type GameType } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { GameTicketRepository, TicketRow } from './game-ticket.repository';

/** A ticket lives this long without use; every use (at most once a minute) extends it. */
const IDLE_MS = 60 * 60_000;
const EXTEND_EVERY_MS = 60_000;
/** A launch code must be exchanged this soon: the game page opens right after the launch. */
const CODE_MS = 2 * 60_000;
/** Tickets whose last extension is remembered (beyond this, some extend once more than needed). */
const EXTENDED_MEMORY = 10_000;

const TICKET_PATTERN = /^[0-9a-f]{64}$/;
const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a game in play knows of its launch. */
export interface GameTicket {
  merchant: string;
  memberId: string;
  nodeId: string;
  vendor: string;
  gameType: GameType;
  gameCode: string;
  gameName: string;
  engine: string;
  minBet: bigint;
  /** The transfer-wallet vendor whose wallet the game plays from; null: the main wallet. */
  walletVendor: string | null;
  currencySymbol: string;
  language: string;
  backUrl: string;
  /** The operator blocked the member's betting (read with the member row the check joins anyway). */
  bettingBlocked: boolean;
  /** A trial account: plays with play money, so it neither feeds nor wins the jackpot. */
  trial: boolean;
}

/** Refuses a stake from a member whose betting the operator blocked; reads and history stay open. */
export function refuseBlockedBet(t: GameTicket): void {
  if (t.bettingBlocked) throw new AppError('game.betting.blocked');
}

const hashOf = (token: string) => createHash('sha256').update(token).digest();

function toTicket(r: TicketRow & { block_betting: boolean; is_agent: number }): GameTicket {
  return {
    merchant: r.merchant_code,
    memberId: r.member_id,
    nodeId: r.node_id,
    vendor: r.vendor_code,
    gameType: r.game_type as GameType,
    gameCode: r.game_code,
    gameName: r.game_name,
    engine: r.engine,
    minBet: BigInt(r.min_bet),
    walletVendor: r.wallet_vendor,
    currencySymbol: r.currency,
    language: r.language,
    backUrl: r.back_url,
    bettingBlocked: r.block_betting,
    trial: r.is_agent === TRIAL_IS_AGENT,
  };
}

/**
 * Launch tickets: the game client's credential. A launch gives the game's URL a one-time code,
 * good for two minutes; the game client exchanges it (once) for the ticket, which it sends in the
 * X-Game-Token header and which never appears in a URL. A ticket is 256 random bits (64 hex),
 * stored as its SHA-256, bound to one member, one game and the session that launched it: it works
 * only while that session is live (no logout, password change or expiry) and the member is
 * active, checked on every use, and expires after an hour without use. It is not a session
 * token: it can play this one game and nothing else.
 */
export class GameTicketService {
  /** When each ticket's expiry was last pushed back, so a spin does not write every time. */
  private readonly extendedAt = new Map<string, number>();

  constructor(private readonly repo: GameTicketRepository) {}

  /** A one-time launch code for the game of `t`, tied to the launching session. */
  async issue(t: Omit<GameTicket, 'bettingBlocked' | 'trial'>, sessionId: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.repo.insert({
      token_hash: hashOf(code),
      merchant_code: t.merchant,
      member_id: t.memberId,
      node_id: t.nodeId,
      vendor_code: t.vendor,
      game_type: t.gameType,
      game_code: t.gameCode,
      game_name: t.gameName,
      engine: t.engine,
      min_bet: t.minBet,
      wallet_vendor: t.walletVendor,
      currency: t.currencySymbol,
      language: t.language,
      back_url: t.backUrl,
      session_id: sessionId,
      exchanged_at: null,
      expires_at: new Date(Date.now() + CODE_MS),
    });
    return code;
  }

  /** The ticket for a launch code of this brand, once; game.token.invalid when used, expired or dead. */
  async exchange(code: string, merchant: string): Promise<string> {
    if (!CODE_PATTERN.test(code)) throw new AppError('game.token.invalid');
    const token = randomBytes(32).toString('hex');
    const row = await this.repo.exchange(hashOf(code), hashOf(token), new Date(Date.now() + IDLE_MS));
    // A code of another brand is spent all the same: it was never meant for this site.
    if (!row || row.merchant_code !== merchant) throw new AppError('game.token.invalid');
    return token;
  }

  /** The ticket of a token sent by a game client, for this brand; game.token.invalid otherwise. */
  async verify(token: unknown, merchant: string): Promise<GameTicket> {
    if (typeof token !== 'string' || !TICKET_PATTERN.test(token)) throw new AppError('game.token.invalid');
    const hash = hashOf(token);
    const row = await this.repo.live(hash);
    if (!row || row.merchant_code !== merchant) throw new AppError('game.token.invalid');
    const now = Date.now();
    if (now - (this.extendedAt.get(token) ?? 0) > EXTEND_EVERY_MS) {
      if (this.extendedAt.size >= EXTENDED_MEMORY) this.extendedAt.clear();
      this.extendedAt.set(token, now);
      await this.repo.extend(hash, new Date(now + IDLE_MS));
    }
    return toTicket(row);
  }

  prune(): Promise<void> {
    return this.repo.prune();
  }
}
