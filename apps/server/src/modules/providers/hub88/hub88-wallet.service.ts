import { createHash } from 'node:crypto';
import { AppError } from '../../../platform/app-error';
import type { ProviderConfigSource } from '../../integrations';
import type { RoundWallet, SeamlessWalletService } from '../seamless-wallet.service';
import type { CatalogueLookup } from '../vendor-adapter';
import { HUB88, readHub88 } from './hub88.definition';
import type { Hub88Repository, Hub88Session, Hub88Transaction } from './hub88.repository';
import { hub88SignAsync, hub88VerifyAsync } from './hub88.signature';
import {
  HUB88_AMOUNT_SCALE,
  hub88Requests,
  type Hub88Request,
  type Hub88Status,
  type Hub88WalletAction,
} from './hub88-wallet.schema';

/** What the route sends: the exact JSON text and its signature (null: no key to sign with). */
export interface Hub88Reply {
  body: string;
  signature: string | null;
}

type Body = Record<string, unknown>;

/** A refusal with Hub88's status; `extra` goes into the answer (NOT_ENOUGH_MONEY carries the balance). */
class Refusal extends Error {
  constructor(
    readonly status: Hub88Status,
    readonly extra: Body = {},
  ) {
    super(status);
  }
}

/** Minor units (cents) per Hub88 amount unit: 100 000 per major unit over our 100. */
const SCALE_PER_MINOR = HUB88_AMOUNT_SCALE / 100n;

/** Hub88's integer amount → our minor units; an amount finer than a cent is refused (WRONG_TYPES). */
function toMinor(amount: number): bigint {
  const v = BigInt(amount);
  if (v % SCALE_PER_MINOR !== 0n) throw new Refusal('RS_ERROR_WRONG_TYPES');
  return v / SCALE_PER_MINOR;
}

const toAmount = (minor: bigint): number => Number(minor * SCALE_PER_MINOR);

/**
 * The `user` Hub88 knows a member by: the member id, zero-padded (Hub88 wants 4 characters or
 * more and no personal data, so never the username).
 */
export const hub88User = (memberId: string): string => memberId.padStart(8, '0');

function memberIdOf(user: string): string | null {
  return /^\d{4,19}$/.test(user) ? BigInt(user).toString() : null;
}

const digestOf = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** Our error codes from the wallet's use cases, as Hub88 statuses. */
const STATUS_OF: Partial<Record<string, Hub88Status>> = {
  'wallet.insufficient': 'RS_ERROR_NOT_ENOUGH_MONEY',
  'wallet.reference.conflict': 'RS_ERROR_DUPLICATE_TRANSACTION',
  'wallet.amount.invalid': 'RS_ERROR_WRONG_TYPES',
  'vendor.round.rolled.back': 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'vendor.round.unknown': 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  // A further win whose round's first win is still being booked: Hub88 retries a win until it is taken.
  'vendor.round.open': 'RS_ERROR_UNKNOWN',
  'game.betting.blocked': 'RS_ERROR_USER_DISABLED',
  // The member's own protections: a break taken, a wager or loss limit the stake would pass.
  'protection.excluded': 'RS_ERROR_USER_DISABLED',
  'protection.limit.wager': 'RS_ERROR_LIMIT_REACHED',
  'protection.limit.loss': 'RS_ERROR_LIMIT_REACHED',
  'protection.limit.session': 'RS_ERROR_LIMIT_REACHED',
};

export interface Hub88WalletLog {
  error(obj: object, msg: string): void;
}

/**
 * Hub88's Wallet API, operator side: verifies Hub88's signature over the raw bytes before
 * believing anything in them, then answers user info, balance, bet, win and rollback through the
 * seamless wallet (one stake and settlement path for every game: a Hub88 bet is a bet named by its
 * transaction_uuid, its win settles it, its rollback voids it). Every answer is signed with our key.
 *
 * Transactions are idempotent by transaction_uuid: the first answer given is stored and a repeat
 * gets it again; the same uuid with other content is RS_ERROR_DUPLICATE_TRANSACTION. Only RS_OK
 * answers are stored: a refused transaction moved nothing, so a retry is judged afresh.
 * Sessions (tokens from our launch) are checked for info, balance and bets; wins and rollbacks
 * are taken after the token expired, as the protocol requires: they find their bet by uuid.
 * A bet may be paid by several wins (each its own uuid): the first settles it, the others are
 * further payouts on the settled bet. Rollbacks name bets only (Hub88 retries wins, it never
 * rolls one back); a settled bet is not rolled back.
 */
export class Hub88WalletService {
  constructor(
    private readonly configs: ProviderConfigSource,
    private readonly repo: Hub88Repository,
    private readonly wallet: SeamlessWalletService,
    private readonly catalogue: CatalogueLookup,
    private readonly log: Hub88WalletLog,
  ) {}

  async handle(
    merchant: string,
    action: Hub88WalletAction,
    raw: Buffer,
    signature: unknown,
  ): Promise<Hub88Reply> {
    // Switched off stops launches, not the settling of rounds already in play: keys are still used.
    const config = readHub88(await this.configs.get(merchant, HUB88), { evenDisabled: true });
    if (!config) return { body: JSON.stringify({ status: 'RS_ERROR_INVALID_PARTNER' }), signature: null };
    const reply = async (body: Body): Promise<Hub88Reply> => {
      const text = JSON.stringify(body);
      return { body: text, signature: await hub88SignAsync(text, config.privateKey) };
    };
    let requestUuid: unknown;
    try {
      if (!(await hub88VerifyAsync(raw, signature, config.hub88PublicKey)))
        throw new Refusal('RS_ERROR_INVALID_SIGNATURE');
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new Refusal('RS_ERROR_WRONG_SYNTAX');
      }
      requestUuid = (json as { request_uuid?: unknown } | null)?.request_uuid;
      const body = parse(action, json);
      const answer = await this.act(merchant, action, body, config.currency);
      return reply({ ...answer, request_uuid: body.request_uuid });
    } catch (err) {
      const r = this.refusalOf(err, merchant, action);
      return reply({
        status: r.status,
        ...(typeof requestUuid === 'string' ? { request_uuid: requestUuid } : {}),
        ...r.extra,
      });
    }
  }

  private refusalOf(err: unknown, merchant: string, action: string): Refusal {
    if (err instanceof Refusal) return err;
    const status = err instanceof AppError ? STATUS_OF[err.code] : undefined;
    if (status) return new Refusal(status);
    this.log.error({ err, merchant, action }, 'hub88 wallet call failed');
    return new Refusal('RS_ERROR_UNKNOWN');
  }

  private act(merchant: string, action: Hub88WalletAction, body: unknown, currency: string): Promise<Body> {
    switch (action) {
      case 'user/info':
        return this.info(merchant, body as Hub88Request<'user/info'>);
      case 'user/balance':
        return this.balance(merchant, body as Hub88Request<'user/balance'>);
      case 'transaction/bet':
        return this.bet(merchant, body as Hub88Request<'transaction/bet'>);
      case 'transaction/win':
        return this.win(merchant, body as Hub88Request<'transaction/win'>, currency);
      case 'transaction/rollback':
        return this.rollback(merchant, body as Hub88Request<'transaction/rollback'>, currency);
    }
  }

  private async info(merchant: string, b: Hub88Request<'user/info'>): Promise<Body> {
    const memberId = memberIdOf(b.user);
    const member = memberId ? await this.repo.member(merchant, memberId) : null;
    if (!member) throw new Refusal('RS_ERROR_UNKNOWN');
    if (!member.active) throw new Refusal('RS_ERROR_USER_DISABLED');
    const config = readHub88(await this.configs.get(merchant, HUB88), { evenDisabled: true });
    return {
      user: b.user,
      status: 'RS_OK',
      country: config?.country ?? 'XX',
      ...(config?.subPartnerId ? { sub_partner_id: config.subPartnerId } : {}),
      registration_date: member.createdAt.toISOString().slice(0, 10),
    };
  }

  /** The session a token names, for calls that need a live one (balance, bet). */
  private async liveSession(merchant: string, token: string, user: string): Promise<Hub88Session> {
    const s = await this.repo.session(merchant, token);
    if (!s || hub88User(s.memberId) !== user) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    if (s.expiresAt.getTime() <= Date.now()) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    return s;
  }

  private async balance(merchant: string, b: Hub88Request<'user/balance'>): Promise<Body> {
    const s = await this.liveSession(merchant, b.token, b.user);
    const balance = await this.wallet.balance(walletOf(merchant, s.memberId, s.vendor));
    return { user: b.user, status: 'RS_OK', currency: s.currency, balance: toAmount(balance) };
  }

  /** The stored answer of a repeat (same content), or DUPLICATE (other content); null: first time. */
  private async repeat(merchant: string, uuid: string, digest: string): Promise<Body | null> {
    const seen = await this.repo.transaction(merchant, uuid);
    return seen ? storedAnswer(seen, digest) : null;
  }

  /** Stores a first answer; a concurrent repeat stored first wins (same content) or is a duplicate. */
  private async remember(merchant: string, t: Hub88Transaction): Promise<Body> {
    const stored = await this.repo.record(merchant, t);
    if (stored.digest !== t.digest) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
    return stored.response;
  }

  private async bet(merchant: string, b: Hub88Request<'transaction/bet'>): Promise<Body> {
    const digest = digestOf(['BET', b.user, b.amount, b.currency, b.round, b.is_free ?? false]);
    // A repeat, the session and its member's standing: one query (the bet's hot path).
    const { seen, session: s } = await this.repo.betContext(merchant, b.transaction_uuid, b.token);
    if (seen) return storedAnswer(seen, digest);
    if (!s || hub88User(s.memberId) !== b.user) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    if (s.expiresAt.getTime() <= Date.now()) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    if (b.currency !== s.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
    if (!s.member.active || s.member.bettingBlocked) throw new Refusal('RS_ERROR_USER_DISABLED');
    // Free bets are granted through Hub88's Freebets API, which this platform does not use.
    if (b.is_free) throw new Refusal('RS_ERROR_UNKNOWN');
    const stake = toMinor(b.amount);
    if (stake <= 0n) throw new Refusal('RS_ERROR_WRONG_TYPES');
    // A live-casino lobby may switch games within the session: the game is the one named now.
    const game = await this.catalogue.game(merchant, s.vendor, b.game_code);
    if (!game) throw new Refusal('RS_ERROR_INVALID_GAME');
    const w = walletOf(merchant, s.memberId, s.vendor);
    let balance: bigint;
    try {
      balance = (
        await this.wallet.debit(w, {
          transactionId: b.transaction_uuid,
          gameType: game.gameType,
          gameCode: game.gameCode,
          gameName: game.displayName,
          amount: stake,
        })
      ).balance;
    } catch (err) {
      if (err instanceof AppError && err.code === 'wallet.insufficient') {
        const now = await this.wallet.balance(w);
        throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', {
          user: b.user,
          currency: s.currency,
          balance: toAmount(now),
        });
      }
      throw err;
    }
    return this.remember(merchant, {
      transactionUuid: b.transaction_uuid,
      kind: 'BET',
      memberId: s.memberId,
      vendor: s.vendor,
      referenceUuid: null,
      round: b.round,
      digest,
      response: { user: b.user, status: 'RS_OK', currency: s.currency, balance: toAmount(balance) },
    });
  }

  /** The bet a win or rollback names, if we answered it and it is this user's. */
  private async betOf(merchant: string, uuid: string, user: string): Promise<Hub88Transaction | null> {
    const bet = await this.repo.transaction(merchant, uuid);
    if (!bet || bet.kind !== 'BET' || hub88User(bet.memberId) !== user) return null;
    return bet;
  }

  private async win(merchant: string, b: Hub88Request<'transaction/win'>, currency: string): Promise<Body> {
    const digest = digestOf(['WIN', b.user, b.amount, b.currency, b.reference_transaction_uuid]);
    // The win itself (a repeat?), the bet it names and what else names that bet: one query.
    const { known, referencing } = await this.repo.winContext(
      merchant,
      b.transaction_uuid,
      b.reference_transaction_uuid,
    );
    const seen = known.get(b.transaction_uuid);
    if (seen) return storedAnswer(seen, digest);
    // The token is not checked: a win may come long after the session ended (the bet names it).
    const named = known.get(b.reference_transaction_uuid);
    const bet = named && named.kind === 'BET' && hub88User(named.memberId) === b.user ? named : null;
    if (!bet) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const betCurrency = typeof bet.response.currency === 'string' ? bet.response.currency : currency;
    if (b.currency !== betCurrency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
    if (referencing.some((t) => t.kind === 'ROLLBACK')) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const payout = toMinor(b.amount);
    const w = walletOf(merchant, bet.memberId, bet.vendor);
    // One round may be paid in several wins (free spins, a bonus after the first win): the first
    // win to claim the bet settles it, every other one is a further payout under its own uuid.
    const settler = await this.repo.claimSettlement(merchant, bet.transactionUuid, b.transaction_uuid);
    let balance: bigint;
    try {
      balance = (
        settler === b.transaction_uuid
          ? await this.wallet.credit(w, bet.transactionUuid, payout)
          : await this.wallet.creditMore(w, bet.transactionUuid, b.transaction_uuid, payout)
      ).balance;
    } catch (err) {
      // A bet voided by a rollback still being answered, or one closed otherwise.
      if (err instanceof AppError && err.code === 'vendor.round.closed')
        throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      throw err;
    }
    const answer = await this.remember(merchant, {
      transactionUuid: b.transaction_uuid,
      kind: 'WIN',
      memberId: bet.memberId,
      vendor: bet.vendor,
      referenceUuid: bet.transactionUuid,
      round: b.round,
      digest,
      response: { user: b.user, status: 'RS_OK', currency: betCurrency, balance: toAmount(balance) },
    });
    if (b.round_closed) await this.closeRound(merchant, bet, b.round);
    return answer;
  }

  /**
   * A round with several bets is paid by one win naming one of them: when Hub88 says the round
   * is closed, the round's other bets nothing named are settled with no payout, so none stays
   * open. A bet a concurrent rollback voided is left as it is.
   */
  private async closeRound(merchant: string, paid: Hub88Transaction, round: string): Promise<void> {
    for (const other of await this.repo.openBetsOfRound(
      merchant,
      paid.memberId,
      round,
      paid.transactionUuid,
    )) {
      // A win naming this bet may be on its way: whoever claims first settles, the other pays more.
      const settler = `round:${paid.transactionUuid}`;
      if ((await this.repo.claimSettlement(merchant, other.transactionUuid, settler)) !== settler) continue;
      try {
        await this.wallet.credit(walletOf(merchant, other.memberId, other.vendor), other.transactionUuid, 0n);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        this.log.error({ err, merchant, bet: other.transactionUuid }, 'hub88 round close: bet not settled');
      }
    }
  }

  private async rollback(
    merchant: string,
    b: Hub88Request<'transaction/rollback'>,
    currency: string,
  ): Promise<Body> {
    const digest = digestOf(['ROLLBACK', b.user, b.reference_transaction_uuid]);
    const seen = await this.repeat(merchant, b.transaction_uuid, digest);
    if (seen) return seen;
    const ref = b.reference_transaction_uuid;
    const bet = await this.betOf(merchant, ref, b.user);
    let memberId: string;
    let vendor: string;
    let answerCurrency: string;
    if (bet) {
      memberId = bet.memberId;
      vendor = bet.vendor;
      answerCurrency = typeof bet.response.currency === 'string' ? bet.response.currency : currency;
    } else {
      // A rollback before its bet (or of a bet never taken): the session names whose and which
      // vendor's, so the rollback is marked where the late bet would land and refuses it. The
      // token may have expired: rollbacks are taken regardless.
      const referenced = await this.repo.transaction(merchant, ref);
      if (referenced) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const s = await this.repo.session(merchant, b.token);
      if (!s || hub88User(s.memberId) !== b.user) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      memberId = s.memberId;
      vendor = s.vendor;
      answerCurrency = s.currency;
    }
    const w = walletOf(merchant, memberId, vendor);
    let balance: bigint;
    try {
      balance = (await this.wallet.rollback(w, ref)).balance;
    } catch (err) {
      // The bet was settled by its win: a settled round is not rolled back.
      if (err instanceof AppError && err.code === 'vendor.round.closed')
        throw new Refusal('RS_ERROR_UNKNOWN');
      throw err;
    }
    return this.remember(merchant, {
      transactionUuid: b.transaction_uuid,
      kind: 'ROLLBACK',
      memberId,
      vendor,
      referenceUuid: ref,
      round: b.round,
      digest,
      response: { user: b.user, status: 'RS_OK', currency: answerCurrency, balance: toAmount(balance) },
    });
  }
}

/** A repeat's stored answer; the same uuid with other content is a duplicate. */
function storedAnswer(seen: Hub88Transaction, digest: string): Body {
  if (seen.digest !== digest) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  return seen.response;
}

function walletOf(merchant: string, memberId: string, vendor: string): RoundWallet {
  return { merchant, vendor, memberId, walletVendor: null };
}

/** The body as the action's schema reads it: a missing field is WRONG_SYNTAX, a mistyped one WRONG_TYPES. */
function parse(action: Hub88WalletAction, json: unknown): { request_uuid: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  const parsed = hub88Requests[action].safeParse(json);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.some(
    (i) => i.code === 'invalid_type' && (json as Record<string, unknown>)[String(i.path[0])] === undefined,
  );
  throw new Refusal(missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES');
}
