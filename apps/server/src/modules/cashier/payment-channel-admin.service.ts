import {
  fromMinor,
  toMinor,
  type AdminPaymentChannel,
  type AdminPaymentChannels,
  type AdminPayoutBank,
  type paymentChannelInputSchema,
  type payoutBankInputSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { uniqueViolation } from '../../platform/db-errors';
import type {
  ChannelRow,
  ChannelValues,
  PaymentChannelAdminRepository,
} from './payment-channel-admin.repository';

type ChannelInput = z.output<typeof paymentChannelInputSchema>;
type BankInput = z.output<typeof payoutBankInputSchema>;

function channelOf(c: ChannelRow): AdminPaymentChannel {
  const name = typeof c.name === 'string' ? (JSON.parse(c.name) as Record<string, string>) : c.name;
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    name,
    minAmount: fromMinor(c.min_amount),
    maxAmount: fromMinor(c.max_amount),
    feePercent: c.fee_bp / 100,
    feeFixed: fromMinor(c.fee_fixed),
    presets: c.presets.map((p) => fromMinor(p)),
    bankName: c.bank_name,
    accountName: c.account_name,
    accountNo: c.account_no,
    gateway: c.gateway,
    providerChannel: c.provider_channel,
    logo: c.logo,
    enabled: c.enabled,
    sort: c.sort,
    deposits: Number(c.deposits),
  };
}

const bankOf = (b: {
  code: string;
  kind: 'BANK' | 'EWALLET';
  name: string;
  sort: number;
  accounts: string;
}) => ({
  code: b.code,
  kind: b.kind,
  name: b.name,
  sort: b.sort,
  accounts: Number(b.accounts),
});

/**
 * The brand's deposit channels and payout banks as the back office sets them. The member's
 * deposit page reads the channels straight from the table (no cache), so a change shows on its
 * next load. A channel that took deposits is switched off, never removed (its orders point at
 * it); a payout bank members hold accounts at is never removed.
 */
export class PaymentChannelAdminService {
  constructor(
    private readonly repo: PaymentChannelAdminRepository,
    /** Payment providers this server runs: an ONLINE channel must name one. */
    private readonly gateways: () => string[],
  ) {}

  async list(merchant: string): Promise<AdminPaymentChannels> {
    return { list: (await this.repo.channels(merchant)).map(channelOf), gateways: this.gateways() };
  }

  private async channel(merchant: string, id: string): Promise<AdminPaymentChannel> {
    const c = await this.repo.channel(merchant, id);
    if (!c) throw new AppError('channel.unknown');
    return channelOf(c);
  }

  /** The row a valid input makes; every rule the table does not hold itself is checked here. */
  private values(input: ChannelInput): ChannelValues {
    const min = toMinor(input.minAmount)!;
    const max = toMinor(input.maxAmount)!;
    if (min > max) throw new AppError('channel.limits.invalid');
    const presets = input.presets.map((p) => toMinor(p)!);
    if (presets.some((p) => p < min || p > max)) throw new AppError('channel.presets.invalid');
    if (input.kind === 'BANK' && !(input.bankName && input.accountName && input.accountNo))
      throw new AppError('channel.bank.required');
    if (input.kind === 'ONLINE' && (!input.gateway || !this.gateways().includes(input.gateway)))
      throw new AppError('channel.gateway.required');
    return {
      code: input.code,
      kind: input.kind,
      name: JSON.stringify(input.name),
      min_amount: min,
      max_amount: max,
      fee_bp: Math.round(input.feePercent * 100),
      fee_fixed: toMinor(input.feeFixed)!,
      presets,
      // A BANK channel shows its account; an ONLINE one pays through its provider.
      bank_name: input.kind === 'BANK' ? input.bankName : null,
      account_name: input.kind === 'BANK' ? input.accountName : null,
      account_no: input.kind === 'BANK' ? input.accountNo : null,
      gateway: input.kind === 'ONLINE' ? input.gateway : null,
      provider_channel: input.kind === 'ONLINE' ? input.providerChannel : null,
      logo: input.logo,
      enabled: input.enabled,
      sort: input.sort,
    };
  }

  async create(merchant: string, input: ChannelInput): Promise<AdminPaymentChannel> {
    const values = this.values(input);
    try {
      return await this.channel(merchant, await this.repo.insertChannel(merchant, values));
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('channel.code.taken');
      throw err;
    }
  }

  async update(
    merchant: string,
    id: string,
    input: ChannelInput,
  ): Promise<{ before: AdminPaymentChannel; after: AdminPaymentChannel }> {
    const before = await this.channel(merchant, id);
    const values = this.values(input);
    try {
      if (!(await this.repo.updateChannel(merchant, id, values))) throw new AppError('channel.unknown');
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('channel.code.taken');
      throw err;
    }
    return { before, after: await this.channel(merchant, id) };
  }

  // ---- payout banks ------------------------------------------------------------------------------

  async banks(merchant: string): Promise<AdminPayoutBank[]> {
    return (await this.repo.banks(merchant)).map(bankOf);
  }

  private async bank(merchant: string, code: string): Promise<AdminPayoutBank> {
    const b = await this.repo.bank(merchant, code);
    if (!b) throw new AppError('payout.bank.unknown');
    return bankOf(b);
  }

  async createBank(merchant: string, input: BankInput): Promise<AdminPayoutBank> {
    try {
      await this.repo.insertBank({ merchant_code: merchant, ...input });
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('payout.bank.code.taken');
      throw err;
    }
    return this.bank(merchant, input.code);
  }

  /** Renames, re-kinds or re-orders a bank; its code is what accounts point at and stays. */
  async updateBank(
    merchant: string,
    code: string,
    input: Omit<BankInput, 'code'>,
  ): Promise<{ before: AdminPayoutBank; after: AdminPayoutBank }> {
    const before = await this.bank(merchant, code);
    await this.repo.updateBank(merchant, code, { kind: input.kind, name: input.name, sort: input.sort });
    return { before, after: await this.bank(merchant, code) };
  }

  async deleteBank(merchant: string, code: string): Promise<AdminPayoutBank> {
    const before = await this.bank(merchant, code);
    if (!(await this.repo.deleteUnusedBank(merchant, code))) throw new AppError('payout.bank.in.use');
    return before;
  }
}
