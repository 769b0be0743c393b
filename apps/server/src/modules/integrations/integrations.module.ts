import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProviderDefinition } from './provider-definition';
import { ProviderConfigService } from './provider-config.service';
import { providerConfigRoutes } from './provider-config.routes';
import { SecretBox } from './secret-box';

interface IntegrationsDeps extends ModuleContext {
  /** Every provider the server can run (each adapter's module exports its definition). */
  definitions: readonly ProviderDefinition[];
}

/**
 * Integrations: the brands' configurations of game aggregators and payment providers, their
 * credentials sealed at rest, edited in the back office without a deploy. The adapters read them
 * through `configs` (ProviderConfigSource).
 */
export function createIntegrationsModule(
  deps: IntegrationsDeps,
): ServerModule<{ configs: ProviderConfigService }> {
  const box = deps.config.PROVIDER_SECRETS_KEY
    ? new SecretBox(deps.config.PROVIDER_SECRETS_KEY)
    : SecretBox.development();
  const configs = new ProviderConfigService(deps.db, box, deps.definitions, undefined, deps.bus);
  return {
    services: { configs },
    routes: async (app) => {
      await app.register(providerConfigRoutes, { configs });
    },
  };
}
