import type { ColumnType, Generated } from 'kysely';

/** Text kept per language: { "EN": "...", "MY": "..." }. */
export type LocalizedText = Record<string, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export interface MerchantTable {
  code: string;
  name: string;
  default_language: string;
  languages: string[];
  currency_symbol: string;
  timezone: string;
  logined_to_home_page: boolean;
  blocked_countries: string[];
  maintenance_on: boolean;
  maintenance_end_time: Timestamp | null;
  gtag_id: string | null;
  image_cdns: string[];
  launch_game_cdns: string[];
  social: Json<{ facebook: string; telegram: string; whatsapp: string }>;
  licence: Json<LocalizedText>;
  stats: Json<{ avgDepositSeconds: number; avgWithdrawSeconds: number }>;
  legacy_crypto: boolean;
  created_at: Generated<Date>;
}

export interface MerchantHostTable {
  host: string;
  merchant_code: string;
}

export interface ModuleNodeTable {
  merchant_code: string;
  mod_id: string;
  parent_mod_id: string | null;
  enabled: boolean;
  sort: number;
}

export interface RegisterRuleTable {
  merchant_code: string;
  field: string;
  enabled: boolean;
  required: boolean;
  accepted_pattern: string;
  pattern_id: string;
  min_length: number;
  max_length: number;
  sort: number;
}

export interface BannerTable {
  id: Generated<number>;
  merchant_code: string;
  group_name: string;
  image_path: string;
  title: Json<LocalizedText>;
  linkage_type: string | null;
  linkage: string | null;
  sort: number;
  active: boolean;
}

export interface AnnouncementTable {
  id: Generated<number>;
  merchant_code: string;
  type: string;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  sort: number;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface VendorTable {
  merchant_code: string;
  code: string;
  game_type: string;
  display_name: string;
  is_hot: boolean;
  is_game: string | null;
  logo_path: string;
  wallet_type: string;
  sort: number;
  enabled: boolean;
}

export interface HelpSectionTable {
  merchant_code: string;
  tag: string;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  sort: number;
}

export interface CustomerServiceTable {
  merchant_code: string;
  cs_position: string;
  cs_type: string;
  path: string;
}

export interface AppResourceTable {
  merchant_code: string;
  resource_type: string;
  url: string;
  qr_path: string;
  sort: number;
}

export interface DomainRouteTable {
  merchant_code: string;
  domain: string;
  speed: number;
}

export interface CryptoKeyTable {
  id: string;
  private_pem: string;
  public_pem: string;
  created_at: Generated<Date>;
}

export interface Database {
  merchant: MerchantTable;
  merchant_host: MerchantHostTable;
  module_node: ModuleNodeTable;
  register_rule: RegisterRuleTable;
  banner: BannerTable;
  announcement: AnnouncementTable;
  vendor: VendorTable;
  help_section: HelpSectionTable;
  customer_service: CustomerServiceTable;
  app_resource: AppResourceTable;
  domain_route: DomainRouteTable;
  crypto_key: CryptoKeyTable;
}
