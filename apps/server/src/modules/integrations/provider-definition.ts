import type { z } from 'zod';

export type ProviderKind = 'GAME' | 'PAYMENT';

/** One secret field of a provider (an API key, a private key, a webhook token). */
export interface SecretField {
  name: string;
  /** What the operator is asked for (English; the back office shows it as the field's label). */
  label: string;
  /** A PEM key or other multi-line text. */
  multiline?: boolean;
}

/**
 * What the server knows of an integration it can run: registered by the module that implements
 * it, so the back office can list it, validate its settings and ask for its secrets without a
 * deploy. `settings` is the zod object of the non-secret settings (answered back to operators);
 * `secrets` are stored sealed and never answered back.
 */
export interface ProviderDefinition {
  code: string;
  kind: ProviderKind;
  name: string;
  /** One line on what it is, for the back office. */
  description: string;
  settings: z.ZodObject;
  secrets: readonly SecretField[];
  /** The provider's game list can be synced now (POST /wps/admin/integrations/:provider/sync). */
  catalogueSync?: boolean;
}

/** A brand's configuration of one provider, as the adapters read it (secrets opened). */
export interface ProviderConfig {
  merchant: string;
  provider: string;
  kind: ProviderKind;
  enabled: boolean;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  updatedAt: Date;
}

/** What adapters depend on: a brand's configuration of their provider (null: never saved). */
export interface ProviderConfigSource {
  get(merchant: string, provider: string): Promise<ProviderConfig | null>;
  /** Brands that have this provider switched on (jobs that poll a provider walk them). */
  enabledBrands(provider: string): Promise<string[]>;
}
