import { createHash, randomBytes } from 'node:crypto';
import type { GameType } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { GameTicketRepository, TicketRow } from './game-ticket.repository';

/** A ticket lives this long without use; every use (at most once a minute) extends it. */
const IDLE_MS = 60 * 60_000;
const EXTEND_EVERY_MS = 60_000;
/** Verified tickets are remembered this long, so a spin costs no ticket query. */
const CACHE_MS = 30_000;

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
}

const hashOf = (token: string) => createHash('sha256').update(token).digest();

function toTicket(r: TicketRow): GameTicket {
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
  };
}

/**
 * Launch tickets: the game client's credential. A ticket is 256 random bits (64 hex), stored as its
 * SHA-256, bound to one member and one game, and expires after an hour without use. It is not a
 * session token: it can play this one game and nothing else.
 */
export class GameTicketService {
  private readonly cache = new Map<string, { at: number; extendedAt: number; ticket: GameTicket }>();

  constructor(private readonly repo: GameTicketRepository) {}

  async issue(t: GameTicket): Promise<string> {
    const token = randomBytes(32).toString('hex');
    await this.repo.insert({
      token_hash: hashOf(token),
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
      expires_at: new Date(Date.now() + IDLE_MS),
    });
    return token;
  }

  /** The ticket of a token sent by a game client, for this brand; game.token.invalid otherwise. */
  async verify(token: unknown, merchant: string): Promise<GameTicket> {
    if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) throw new AppError('game.token.invalid');
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && now - hit.at < CACHE_MS) {
      if (hit.ticket.merchant !== merchant) throw new AppError('game.token.invalid');
      if (now - hit.extendedAt > EXTEND_EVERY_MS) {
        hit.extendedAt = now;
        await this.repo.extend(hashOf(token), new Date(now + IDLE_MS));
      }
      return hit.ticket;
    }
    const row = await this.repo.live(hashOf(token));
    if (!row || row.merchant_code !== merchant) throw new AppError('game.token.invalid');
    await this.repo.extend(hashOf(token), new Date(now + IDLE_MS));
    const ticket = toTicket(row);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(token, { at: now, extendedAt: now, ticket });
    return ticket;
  }

  prune(): Promise<void> {
    return this.repo.prune();
  }
}
