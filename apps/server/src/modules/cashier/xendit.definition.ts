import { z } from 'zod';
import type { ProviderDefinition } from '../integrations';
import { XENDIT } from './xendit-deposits.client';
import { xenditDepositSettingsSchema } from './xendit-deposits.adapter';
import { xenditPayoutSettingsSchema } from './xendit-payouts.client';

const deposits = xenditDepositSettingsSchema.shape;
const payouts = xenditPayoutSettingsSchema.shape;

/**
 * XENDIT's settings as the back office saves them: the deposit side's and the payout side's, in
 * one object (each side parses its own part: the deposit adapter and the payouts client), with the
 * deposit side's rules. Labels are what the back office's form shows.
 */
const xenditSettingsSchema = z
  .object({
    baseUrl: deposits.baseUrl.describe('API base URL'),
    timeoutMs: deposits.timeoutMs.describe('Call timeout (ms)'),
    country: deposits.country.describe('Country'),
    currency: deposits.currency.describe('Currency'),
    depositChannels: deposits.depositChannels.describe(
      'Deposit channels: [{channelCode, kind EWALLET|QR|VA, name, minAmount, maxAmount, feePercent, feeFixed, logo?}]',
    ),
    payoutsEnabled: payouts.payoutsEnabled.describe('Pay withdrawals through Xendit'),
    payoutChannels: payouts.payoutChannels.describe('Payout channels: {our bank code: Xendit channel code}'),
  })
  .superRefine((s, ctx) => {
    // The deposit side's own rules (country and currency agree, no channel twice).
    const checked = xenditDepositSettingsSchema.safeParse(s);
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });

/** XENDIT as the back office configures it: one definition for deposits and payouts. */
export const XENDIT_DEFINITION: ProviderDefinition = {
  code: XENDIT,
  kind: 'PAYMENT',
  name: 'Xendit',
  description:
    'Payments in the Philippines, Indonesia, Vietnam and Thailand: e-wallet, QR and virtual-account deposits, bank and e-wallet payouts.',
  settings: xenditSettingsSchema,
  secrets: [
    { name: 'secretKey', label: 'Secret API key' },
    { name: 'callbackToken', label: 'Webhook verification token' },
  ],
};
