export { createIntegrationsModule } from './integrations.module';
export type { ProviderConfigService } from './provider-config.service';
export type {
  ProviderConfig,
  ProviderConfigSource,
  ProviderDefinition,
  ProviderKind,
  SecretField,
} from './provider-definition';
