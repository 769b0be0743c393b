import { z } from 'zod';
import type { ProviderConfig, ProviderDefinition } from '../../integrations';

/** Hub88's production Games API (docs.hub88.io, Operator API overview: environments). */
export const HUB88_PRODUCTION_URL = 'https://api.hub88.io';

export const HUB88 = 'HUB88';

const settings = z.object({
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .default(HUB88_PRODUCTION_URL)
    .describe('Games API base URL (Hub88 production by default; the staging URL Hub88 gives for tests)'),
  operatorId: z.coerce
    .number()
    .int()
    .positive()
    .describe('operator_id: our operator id in Hub88 (Hub88 back office)'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .describe('ISO 4217 currency the brand plays in at Hub88 (its wallet currency)'),
  subPartnerId: z
    .string()
    .max(64)
    .optional()
    .describe('sub_partner_id: the site, where one Hub88 operator serves several brands'),
  lobbyUrl: z
    .url()
    .optional()
    .describe('lobby_url: where a game sends the player back (the site by default)'),
  depositUrl: z.url().optional().describe('deposit_url: where a game sends a player to top up'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('XX')
    .describe('ISO 3166-1 country Hub88 is told the players play from (XX: unknown)'),
  sessionMinutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(240)
    .describe('How long a game session token takes bets (wins and rollbacks are taken after)'),
});

export type Hub88Settings = z.output<typeof settings>;

/** The brand's keys: ours signs our calls and our wallet answers; Hub88's verifies its calls. */
export interface Hub88Keys {
  privateKey: string;
  hub88PublicKey: string;
}

export const hub88Definition: ProviderDefinition = {
  code: HUB88,
  kind: 'GAME',
  name: 'Hub88',
  description:
    'Game aggregator (slots, live casino, table games of many studios), seamless wallet: Hub88 calls our wallet API',
  settings,
  catalogueSync: true,
  secrets: [
    {
      name: 'privateKey',
      label: 'Our RSA private key (PEM): signs our Games API calls and our wallet answers',
      multiline: true,
    },
    {
      name: 'hub88PublicKey',
      label: "Hub88's RSA public key (PEM): verifies Hub88's wallet calls",
      multiline: true,
    },
  ],
};

/**
 * A brand's usable Hub88 configuration, or null (never saved, switched off or incomplete). The
 * wallet API reads it `evenDisabled`: rounds in play still settle after the brand switched off.
 */
export function readHub88(
  config: ProviderConfig | null,
  opts: { evenDisabled?: boolean } = {},
): (Hub88Settings & Hub88Keys) | null {
  if (!config || (!config.enabled && !opts.evenDisabled)) return null;
  const parsed = settings.safeParse(config.settings);
  const privateKey = config.secrets.privateKey;
  const hub88PublicKey = config.secrets.hub88PublicKey;
  if (!parsed.success || !privateKey || !hub88PublicKey) return null;
  return { ...parsed.data, privateKey, hub88PublicKey };
}
