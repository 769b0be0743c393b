import type { ProviderDefinition } from '../integrations';
import { XENDIT, xenditPayoutSettingsSchema } from './xendit-payouts.client';

/**
 * XENDIT as the payouts side needs it: the secret API key, the webhook verification token, the
 * base URL and the payout switches. WARNING: one definition per code; where the deposits side
 * defines XENDIT too, its definition takes these settings and secrets and this one goes.
 */
export const XENDIT_PAYOUTS_DEFINITION: ProviderDefinition = {
  code: XENDIT,
  kind: 'PAYMENT',
  name: 'Xendit',
  description: 'Payments in the Philippines, Indonesia, Vietnam and Thailand: e-wallet and bank payouts.',
  settings: xenditPayoutSettingsSchema,
  secrets: [
    { name: 'secretKey', label: 'Secret API key' },
    { name: 'callbackToken', label: 'Webhook verification token' },
  ],
};
