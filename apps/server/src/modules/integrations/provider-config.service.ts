import type { Integration, IntegrationInput } from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { ProviderConfig, ProviderConfigSource, ProviderDefinition } from './provider-definition';
import type { SecretBox } from './secret-box';
import type { Bus } from '../../platform/bus';
import { CacheNotices } from '../../platform/shared-cache';

interface Row {
  merchant_code: string;
  provider: string;
  kind: 'GAME' | 'PAYMENT';
  enabled: boolean;
  settings: Record<string, unknown>;
  secrets_sealed: string | null;
  updated_at: Date;
  updated_by: string | null;
}

/** The AES-GCM associated data: a sealed value opens only on its own brand and provider. */
const sealContext = (merchant: string, provider: string) => `provider_config:${merchant}:${provider}`;

/**
 * Brands' provider configurations: the back office lists and saves them (secrets sealed, never
 * answered back), the adapters read them (secrets opened). Reads are cached per brand and
 * provider for `cacheMs`, so a callback storm costs no query each; a save is seen at once on
 * every instance (the bus), within `cacheMs` if its notice is lost.
 */
export class ProviderConfigService implements ProviderConfigSource {
  private readonly byCode = new Map<string, ProviderDefinition>();
  private readonly cache = new Map<string, { at: number; value: ProviderConfig | null }>();
  private readonly notices: CacheNotices;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    definitions: readonly ProviderDefinition[],
    private readonly cacheMs = 10_000,
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'provider-config', (key) => {
      if (key) this.cache.delete(key);
      else this.cache.clear();
    });
    for (const d of definitions) {
      if (this.byCode.has(d.code)) throw new Error(`provider ${d.code} defined twice`);
      this.byCode.set(d.code, d);
    }
  }

  definition(provider: string): ProviderDefinition | undefined {
    return this.byCode.get(provider);
  }

  async get(merchant: string, provider: string): Promise<ProviderConfig | null> {
    const key = `${merchant}|${provider}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.value;
    const row = await this.row(this.db, merchant, provider);
    const value = row ? this.toConfig(row) : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  async enabledBrands(provider: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('provider_config')
      .select('merchant_code')
      .where('provider', '=', provider)
      .where('enabled', '=', true)
      .orderBy('merchant_code')
      .execute();
    return rows.map((r) => r.merchant_code);
  }

  /** Every provider this server can run, with the brand's configuration of it (no secret values). */
  async list(merchant: string): Promise<Integration[]> {
    const rows = await this.db
      .selectFrom('provider_config')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .execute();
    const byProvider = new Map(rows.map((r) => [r.provider, r]));
    return [...this.byCode.values()]
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name))
      .map((d) => this.view(d, byProvider.get(d.code) ?? null));
  }

  /**
   * Saves a brand's configuration of a provider: settings validated by the provider's schema,
   * secrets merged (text replaces, null clears, absent keeps) and sealed; switching on needs every
   * required secret. Answers the views before and after (for the audit row, which has no secrets).
   */
  async save(
    merchant: string,
    provider: string,
    input: IntegrationInput,
    by: string,
  ): Promise<{ before: Integration; after: Integration }> {
    const def = this.byCode.get(provider);
    if (!def) throw new AppError('integration.unknown');
    const settings = def.settings.safeParse(input.settings);
    if (!settings.success) {
      throw new AppError('request.invalid', {
        fields: settings.error.issues.map((i) => ({
          field: ['settings', ...i.path.map(String)].join('.'),
          message: i.message,
        })),
      });
    }
    const known = new Set(def.secrets.map((s) => s.name));
    const unknown = Object.keys(input.secrets).filter((k) => !known.has(k));
    if (unknown.length > 0) {
      throw new AppError('request.invalid', {
        fields: unknown.map((k) => ({ field: `secrets.${k}`, message: 'unknown' })),
      });
    }
    const result = await this.db.transaction().execute(async (trx) => {
      const prev = await this.row(trx, merchant, provider, true);
      const secrets = prev?.secrets_sealed
        ? this.box.open(prev.secrets_sealed, sealContext(merchant, provider))
        : {};
      for (const [name, value] of Object.entries(input.secrets)) {
        if (value === null) delete secrets[name];
        else secrets[name] = value;
      }
      const missing = def.secrets.filter((s) => !secrets[s.name]).map((s) => s.label);
      if (input.enabled && missing.length > 0)
        throw new AppError('integration.incomplete', undefined, [missing.join(', ')]);
      const sealed =
        Object.keys(secrets).length > 0 ? this.box.seal(secrets, sealContext(merchant, provider)) : null;
      const values = {
        enabled: input.enabled,
        settings: JSON.stringify(settings.data),
        secrets_sealed: sealed,
        updated_at: new Date(),
        updated_by: by,
      };
      const next = await trx
        .insertInto('provider_config')
        .values({ merchant_code: merchant, provider, kind: def.kind, ...values })
        .onConflict((oc) => oc.columns(['merchant_code', 'provider']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before: this.view(def, prev ?? null), after: this.view(def, next) };
    });
    this.notices.forget(`${merchant}|${provider}`);
    return result;
  }

  private row(db: Db, merchant: string, provider: string, lock = false): Promise<Row | undefined> {
    let q = db
      .selectFrom('provider_config')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('provider', '=', provider);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  private toConfig(r: Row): ProviderConfig {
    return {
      merchant: r.merchant_code,
      provider: r.provider,
      kind: r.kind,
      enabled: r.enabled,
      settings: r.settings,
      secrets: r.secrets_sealed
        ? this.box.open(r.secrets_sealed, sealContext(r.merchant_code, r.provider))
        : {},
      updatedAt: r.updated_at,
    };
  }

  private view(d: ProviderDefinition, r: Row | null): Integration {
    const set = new Set<string>();
    if (r?.secrets_sealed) {
      for (const k of Object.keys(this.box.open(r.secrets_sealed, sealContext(r.merchant_code, r.provider))))
        set.add(k);
    }
    // Defaults of a never-saved provider come from its schema (an empty object parsed).
    const defaults = d.settings.safeParse({});
    return {
      provider: d.code,
      kind: d.kind,
      name: d.name,
      description: d.description,
      enabled: r?.enabled ?? false,
      settings: r?.settings ?? (defaults.success ? defaults.data : {}),
      settingsSchema: z.toJSONSchema(d.settings, { io: 'input', unrepresentable: 'any' }) as Record<
        string,
        unknown
      >,
      secrets: d.secrets.map((s) => ({
        name: s.name,
        label: s.label,
        multiline: s.multiline ?? false,
        set: set.has(s.name),
      })),
      catalogueSync: d.catalogueSync ?? false,
      updatedAt: r?.updated_at.toISOString() ?? null,
      updatedBy: r?.updated_by ?? null,
    };
  }
}
