import { randomBytes } from 'node:crypto';
import { fromMinor, toMinor } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { refuseUnstorable } from '../../platform/input-guard';
import type { Brand } from '../../platform/brand';
import { signatureMatches } from '../../platform/signing';
import type { MemberDirectory } from '../member';
import type { CatalogueLookup } from './vendor-adapter';
import type { RoundWallet, SeamlessWalletService } from './seamless-wallet.service';
import type { VendorCallbackRepository } from './vendor-callback.repository';
import {
  CALLBACK_MAX_SKEW_MS,
  callbackBodies,
  type CallbackAction,
  type CallbackResult,
} from './vendor-callback.schema';

function invalid(field: string, message: string): AppError {
  return new AppError('request.invalid', { fields: [{ field, message }] });
}

/** The body as `schema` reads it, or request.invalid naming the fields. */
function parse<T extends z.ZodType>(schema: T, json: unknown): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('request.invalid', {
      fields: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}

const minorOf = (v: number | string, field: string, allowZero: boolean): bigint => {
  const m = toMinor(v);
  if (m === null || (!allowZero && m === 0n)) throw invalid(field, 'amount.format');
  return m;
};

/**
 * The callback API of seamless vendors: checks the signature over the raw bytes before believing
 * anything in them, the clock skew, the player, then does what the action says through the
 * seamless wallet. Secrets are per brand and vendor (vendor_secret).
 */
export class VendorCallbackService {
  private readonly secrets = new Map<string, { at: number; secret: string | null }>();
  /** Players by brand and username: a vendor calls twice a round for the same few players. */
  private readonly players = new Map<string, { at: number; id: string; username: string }>();

  constructor(
    private readonly wallet: SeamlessWalletService,
    private readonly repo: VendorCallbackRepository,
    private readonly members: MemberDirectory,
    private readonly catalogue: CatalogueLookup,
  ) {}

  /** Sets a new random secret for a vendor of a brand and returns it (operator CLI, tests). */
  async rotateSecret(merchant: string, vendor: string): Promise<string> {
    const secret = randomBytes(32).toString('hex');
    await this.repo.setSecret(merchant, vendor, secret);
    this.secrets.delete(`${merchant}|${vendor}`);
    return secret;
  }

  private async secret(merchant: string, vendor: string): Promise<string | null> {
    const key = `${merchant}|${vendor}`;
    const hit = this.secrets.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.secret;
    const secret = await this.repo.secret(merchant, vendor);
    this.secrets.set(key, { at: Date.now(), secret });
    return secret;
  }

  async handle(
    brand: Brand,
    vendorParam: string,
    action: CallbackAction,
    raw: unknown,
    signature: unknown,
  ): Promise<CallbackResult> {
    const vendor = vendorParam.toUpperCase();
    const secret = await this.secret(brand.code, vendor);
    if (!secret || !Buffer.isBuffer(raw) || !signatureMatches(secret, raw, signature))
      throw new AppError('vendor.signature.invalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalid('body', 'json');
    }
    // Signed bodies skip the request-wide check (they are parsed only here, after the signature).
    refuseUnstorable(json);

    switch (action) {
      case 'balance': {
        const { w, answer } = await this.player(brand, vendor, parse(callbackBodies.balance, json));
        return answer(await this.wallet.balance(w));
      }
      case 'debit': {
        const b = parse(callbackBodies.debit, json);
        const { w, answer } = await this.player(brand, vendor, b);
        const game = await this.catalogue.game(brand.code, vendor, b.gameCode);
        if (!game) throw new AppError('game.unknown');
        const r = await this.wallet.debit(w, {
          transactionId: b.transactionId,
          gameType: game.gameType,
          gameCode: game.gameCode,
          gameName: game.displayName,
          amount: minorOf(b.amount, 'amount', false),
        });
        return answer(r.balance, { transactionId: b.transactionId, betStatus: r.bet?.status });
      }
      case 'credit': {
        const b = parse(callbackBodies.credit, json);
        const { w, answer } = await this.player(brand, vendor, b);
        const payout = minorOf(b.amount, 'amount', true);
        const validBet = b.validBet === undefined ? undefined : minorOf(b.validBet, 'validBet', true);
        const r = await this.wallet.credit(w, b.betTransactionId, payout, validBet);
        return answer(r.balance, { transactionId: b.transactionId, betStatus: r.bet?.status });
      }
      case 'rollback': {
        const b = parse(callbackBodies.rollback, json);
        const { w, answer } = await this.player(brand, vendor, b);
        const r = await this.wallet.rollback(w, b.betTransactionId);
        return answer(r.balance, { transactionId: b.transactionId, betStatus: r.bet?.status });
      }
    }
  }

  /**
   * The member a vendor names. Found members are remembered for a minute (a username names the
   * same member for good); an unknown name is asked again each time, so a new member is found.
   */
  private async memberOf(brand: Brand, account: string): Promise<{ id: string; username: string }> {
    const key = `${brand.code}|${account}`;
    const hit = this.players.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit;
    const member = await this.members.byUsername(brand, account);
    if (!member) throw new AppError('vendor.account.unknown');
    if (this.players.size >= 50_000) this.players.clear();
    const found = { at: Date.now(), id: member.id, username: member.username };
    this.players.set(key, found);
    return found;
  }

  /** The clock check and the player every action needs: its wallet and how to answer it. */
  private async player(brand: Brand, vendor: string, body: { account: string; timestamp: number }) {
    if (Math.abs(Date.now() - body.timestamp) > CALLBACK_MAX_SKEW_MS) throw invalid('timestamp', 'skew');
    const member = await this.memberOf(brand, body.account);
    const w: RoundWallet = { merchant: brand.code, vendor, memberId: member.id, walletVendor: null };
    const answer = (balance: bigint, extra: Partial<CallbackResult> = {}): CallbackResult => ({
      account: member.username,
      balance: fromMinor(balance),
      ...extra,
    });
    return { w, answer };
  }
}
