import type { HouseEngine, Language } from '@app/contracts';
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
  /** ISO 4217. */
  currency: string;
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
  /** The brand's GeeTest captcha id; null where the brand does not use GeeTest (migration 0031). */
  geetest_id: Generated<string | null>;
  password_expiry_days: Generated<number | null>;
  enforce_password_expiry: Generated<boolean>;
  /**
   * Lottery return per prize mode in basis points, a partial map ({"Lott": 9300}); a mode not
   * named uses the default (migration 0016). Read through platform/brand.ts, which validates it.
   */
  lottery_rtp_bp: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The brand's theme (contracts brandThemeSchema); null for the platform's (migration 0030). */
  theme: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  /** Non-empty: only these countries may use the site (migration 0049). */
  allowed_countries: Generated<string[]>;
  logo_path: Generated<string | null>;
  favicon_path: Generated<string | null>;
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
  /** Published; false is a draft staff still edit. */
  active: boolean;
  /** The one language it shows in; null: every language. */
  lang: Generated<string | null>;
  starts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: Generated<Date>;
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
  /** false: a draft, never served to players. */
  published: Generated<boolean>;
  updated_at: Generated<Date>;
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
  /** The registered integration that serves the vendor (HOUSE, SIMULATED, HUB88 ...). */
  adapter: string;
}

export interface HelpSectionTable {
  merchant_code: string;
  tag: string;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  sort: number;
  /** false: a draft, never served to players. */
  published: Generated<boolean>;
  updated_at: Generated<Date>;
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
  /** MODERN (RSA-OAEP + AES-GCM) or LEGACY (textbook RSA + DES, rotated; migration 0031). */
  scheme: Generated<'MODERN' | 'LEGACY'>;
  created_at: Generated<Date>;
}

export interface Database
  extends
    IdentityTables,
    JobTables,
    WalletTables,
    GameTables,
    BaccaratTables,
    CardsTables,
    CockfightTables,
    SportsbookTables,
    LotteryTables,
    AgentContractTables,
    VipTables,
    PointsTables,
    PromotionTables,
    MissionTables,
    InboxExtraTables,
    WireTables,
    StaffTables,
    PlayerAdminTables,
    BackofficeCashierTables,
    DashboardTables,
    IntegrationTables,
    ProviderPayoutTables,
    VendorTransferTables,
    PaymentProviderTables,
    ProtectionTables,
    Hub88Tables,
    AmlTables,
    KycTables,
    PromotionAdminTables,
    ContentTables,
    BrandAdminTables,
    ReportTables,
    ReconciliationTables,
    ReportExportTables,
    JackpotTables,
    ChatTables {
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
  agent_contract_template: AgentContractTemplateTable;
  agent_move: AgentMoveTable;
  reward_pause: RewardPauseTable;
  rebate_terms_version: RebateTermsVersionTable;
  reward_image: RewardImageTable;
  house_room_setting: HouseRoomSettingTable;
  game_icon: GameIconTable;
  lottery_game_setting: LotteryGameSettingTable;
}

export interface MemberTable {
  id: Generated<string>;
  merchant_code: string;
  username: string;
  password_hash: string;
  payment_password_hash: string | null;
  nickname: Generated<string>;
  payee_name: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  /** yyyy-mm-dd; verified_at is set when staff confirmed it from an identity document. */
  date_of_birth: Generated<string | null>;
  date_of_birth_verified_at: Generated<Date | null>;
  recommender_id: string | null;
  is_agent: Generated<number>;
  upline_id: string | null;
  /** The member whose referral code (invite link) this member registered with. */
  referrer_id: Generated<string | null>;
  affiliate_code: string | null;
  referral_code: string;
  register_method: Generated<string>;
  register_ip: string | null;
  /** The client's device id (x-device-id) at sign-up, if it sent one. */
  register_device: Generated<string | null>;
  /** The language the member chose (the language call); null: never chosen. */
  language: Generated<string | null>;
  register_url: string | null;
  register_domain: string | null;
  status: Generated<'ACTIVE' | 'DISABLED'>;
  must_change_password: Generated<boolean>;
  password_changed_at: Generated<Date>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  login_count: Generated<number>;
  last_login_at: Date | null;
  last_login_ip: string | null;
  created_at: Generated<Date>;
  /** Operator blocks (back office): each refuses one thing, the account stays usable otherwise. */
  block_login: Generated<boolean>;
  block_deposit: Generated<boolean>;
  block_withdrawal: Generated<boolean>;
  block_betting: Generated<boolean>;
  /** Operator tags (back office). */
  tags: Generated<string[]>;
}

export interface MemberSessionTable {
  id: Generated<string>;
  member_id: string;
  kind: 'SESSION' | 'REMEMBER';
  token_hash: string;
  ip: string;
  device: Generated<string>;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  /** REMEMBER tokens: the session issued with it (its logout revokes the token too). */
  bound_session_id: string | null;
  /** SESSION: the login required a password change before anything else. */
  must_change_password: Generated<boolean>;
}

interface LoginEventTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string | null;
  at: Generated<Date>;
  ip: string;
  device: Generated<string>;
  user_agent: Generated<string>;
  method: string;
  success: boolean;
  reason: string | null;
}

interface MemberKnownIpTable {
  member_id: string;
  ip: string;
  first_seen_at: Generated<Date>;
}

export interface VerificationCodeTable {
  id: Generated<string>;
  merchant_code: string;
  purpose: 'REGISTER' | 'LOGIN' | 'RESET' | 'MOBILE' | 'EXTRA';
  channel: 'SMS' | 'EMAIL';
  target: string;
  code_hash: string;
  tries: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
  ip: string;
}

interface CaptchaChallengeTable {
  id: Generated<string>;
  merchant_code: string;
  requester: string;
  answer_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

interface RateCounterTable {
  key: string;
  window_start: Date;
  count: number;
}

interface PendingLoginTable {
  token_hash: string;
  member_id: string;
  ip: string;
  remember: Generated<boolean>;
  tries: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

interface PasswordResetTable {
  id: Generated<string>;
  member_id: string;
  temp_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

interface DevOutboxTable {
  id: Generated<string>;
  merchant_code: string;
  channel: string;
  target: string;
  body: string;
  created_at: Generated<Date>;
}

interface IdentityTables {
  member: MemberTable;
  member_session: MemberSessionTable;
  login_event: LoginEventTable;
  member_known_ip: MemberKnownIpTable;
  verification_code: VerificationCodeTable;
  captcha_challenge: CaptchaChallengeTable;
  rate_counter: RateCounterTable;
  pending_login: PendingLoginTable;
  password_reset: PasswordResetTable;
  dev_outbox: DevOutboxTable;
}

// ---- wallet (0003_wallet.sql) ------------------------------------------------------------------
// WARNING: int8 columns (ids, money in minor units) arrive as decimal strings; never Number() money.

export type LedgerAccountKind =
  | 'MAIN'
  | 'VENDOR'
  | 'WITHDRAW_HOLD'
  | 'BET_HOLD'
  | 'HOUSE'
  | 'PAYMENT_CLEARING'
  | 'PROMOTION_EXPENSE'
  | 'WAGE_EXPENSE'
  | 'ADJUSTMENT'
  | 'TRIAL_FUND'
  | 'PAYOUT_CLEARING'
  | 'JACKPOT_POOL';

type Minor = ColumnType<string, string | bigint, string | bigint>;

interface LedgerAccountTable {
  id: Generated<string>;
  merchant_code: string;
  kind: LedgerAccountKind;
  member_id: string | null;
  vendor_code: Generated<string>;
  tracked: boolean;
  balance: Generated<string>;
  created_at: Generated<Date>;
}

interface LedgerEntryTable {
  id: Generated<string>;
  merchant_code: string;
  reference: string;
  kind: string;
  member_id: string | null;
  memo: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

interface LedgerPostingTable {
  id: Generated<string>;
  entry_id: string;
  account_id: string;
  amount: Minor;
  balance_after: string | null;
  created_at: Generated<Date>;
}

interface CashierSettingTable {
  merchant_code: string;
  single_wallet: boolean;
  withdraw_min: Minor;
  withdraw_max: Minor;
  withdraw_daily_count: number;
  withdraw_confirm_minutes: number;
  upline_transfer_enabled: boolean;
  gateway_secret: string;
}

interface PaymentChannelTable {
  id: Generated<string>;
  merchant_code: string;
  code: string;
  kind: 'BANK' | 'ONLINE';
  name: Json<LocalizedText>;
  min_amount: Minor;
  max_amount: Minor;
  fee_bp: number;
  fee_fixed: Minor;
  presets: ColumnType<string[], (string | bigint)[], (string | bigint)[]>;
  bank_name: string | null;
  account_name: string | null;
  account_no: string | null;
  gateway: string | null;
  enabled: Generated<boolean>;
  sort: number;
  /** The provider's code of the channel (GCASH, QRPH ...), migration 0041. */
  provider_channel: ColumnType<string | null, string | null | undefined, string | null>;
  logo: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PayoutBankTable {
  merchant_code: string;
  code: string;
  kind: 'BANK' | 'EWALLET';
  name: string;
  sort: number;
}

interface PayoutAccountTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  bank_code: string;
  account_name: string;
  account_no: string;
  created_at: Generated<Date>;
}

interface CashierImageTable {
  id: string;
  merchant_code: string;
  member_id: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  size: number;
  created_at: Generated<Date>;
}

interface DepositTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  request_id: string;
  order_no: string;
  channel_id: string;
  amount: Minor;
  fee: Minor;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED' | 'ARRIVED' | 'FAILED'>;
  payer_name: string | null;
  image_ids: Generated<string[]>;
  remark: string | null;
  reject_reason: string | null;
  gateway_txn: string | null;
  reviewed_by: string | null;
  entry_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** When the order left PENDING (an operator's decision or the gateway's notification). */
  decided_at: Date | null;
  /** The provider's own status word from the notification that settled an ONLINE order. */
  provider_status: string | null;
  provider_notified_at: Date | null;
  /** The provider's id of the collection and how the member pays (migration 0041). */
  provider_ref: ColumnType<string | null, string | null | undefined, string | null>;
  pay_action: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  pay_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  currency: ColumnType<string | null, string | null | undefined, string | null>;
}

interface WithdrawalTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  request_id: string;
  order_no: string;
  payout_account_id: string;
  amount: Minor;
  paid_amount: ColumnType<string, string | bigint | undefined, string | bigint>;
  status: Generated<'PENDING' | 'PARTIAL' | 'PAID' | 'REJECTED'>;
  reject_reason: string | null;
  reviewed_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Held until the member is verified (migration 0045): the trigger that held it. */
  kyc_wait: ColumnType<
    'FIRST_WITHDRAWAL' | 'DEPOSITS' | 'FLAGGED' | null,
    'FIRST_WITHDRAWAL' | 'DEPOSITS' | 'FLAGGED' | null | undefined,
    'FIRST_WITHDRAWAL' | 'DEPOSITS' | 'FLAGGED' | null
  >;
}

interface WithdrawalPayoutTable {
  id: Generated<string>;
  withdrawal_id: string;
  amount: Minor;
  entry_id: string;
  confirm_status: Generated<'AWAITING' | 'RECEIVED' | 'NOT_RECEIVED' | 'AUTO_RECEIVED'>;
  confirm_deadline: Date;
  proof_image_ids: Generated<string[]>;
  remark: string | null;
  confirmed_at: Date | null;
  created_at: Generated<Date>;
}

interface TurnoverRequirementTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  required: Minor;
  achieved: ColumnType<string, string | bigint | undefined, string | bigint>;
  source: string;
  created_at: Generated<Date>;
}

export interface BetRecordTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  vendor_code: string;
  game_type: string;
  game_code: string;
  game_name: string;
  round_id: string;
  stake: Minor;
  valid_bet: ColumnType<string, string | bigint | undefined, string | bigint>;
  payout: ColumnType<string, string | bigint | undefined, string | bigint>;
  status: Generated<'OPEN' | 'SETTLED' | 'VOID'>;
  stake_entry_id: string;
  settle_entry_id: string | null;
  placed_at: Generated<Date>;
  settled_at: Date | null;
}

interface MemberMessageTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  kind: string;
  params: Json<Record<string, string | number>>;
  read_at: Date | null;
  /** Deleted by the member (hidden from the inbox, kept for the record). */
  deleted_at: Date | null;
  created_at: Generated<Date>;
}

interface WalletTables {
  ledger_account: LedgerAccountTable;
  ledger_entry: LedgerEntryTable;
  ledger_posting: LedgerPostingTable;
  cashier_setting: CashierSettingTable;
  payment_channel: PaymentChannelTable;
  payout_bank: PayoutBankTable;
  payout_account: PayoutAccountTable;
  cashier_image: CashierImageTable;
  deposit: DepositTable;
  withdrawal: WithdrawalTable;
  withdrawal_payout: WithdrawalPayoutTable;
  turnover_requirement: TurnoverRequirementTable;
  bet_record: BetRecordTable;
  member_message: MemberMessageTable;
}

// ---- games -------------------------------------------------------------------------

interface GameTable {
  node_id: Generated<string>;
  merchant_code: string;
  vendor_code: string;
  game_type: string;
  game_id: string;
  game_code: string;
  display_name: string;
  names: Json<LocalizedText>;
  classify: string;
  /** Minor units (int8 arrives as a decimal string). */
  min_bet: ColumnType<string, bigint | string, bigint | string>;
  line_num: number;
  is_hot: boolean;
  is_game: string | null;
  default_play_type: string | null;
  icon_path: string;
  engine: HouseEngine | null;
  sort: number;
  enabled: Generated<boolean>;
  is_new: Generated<boolean>;
  /** Uploaded icons by language ('default' for every language without its own), media paths. */
  icons: ColumnType<GameIcons, GameIcons | string | undefined, GameIcons | string>;
}

interface FavoriteGameTable {
  member_id: string;
  node_id: string;
  created_at: Generated<Date>;
}

interface RecentGameTable {
  member_id: string;
  node_id: string;
  played_at: Timestamp;
}

export interface GameTicketTable {
  token_hash: Buffer;
  merchant_code: string;
  member_id: string;
  node_id: string;
  vendor_code: string;
  game_type: string;
  game_code: string;
  game_name: string;
  engine: string;
  min_bet: ColumnType<string, bigint | string, bigint | string>;
  wallet_vendor: string | null;
  currency: string;
  language: string;
  back_url: string;
  /** The session that launched the game; the ticket dies with it. Null only for old tickets. */
  session_id: string | null;
  /** When the launch code was exchanged for the ticket; null: still a one-time code. */
  exchanged_at: Date | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

interface VendorSecretTable {
  merchant_code: string;
  vendor_code: string;
  secret: string;
  created_at: Generated<Date>;
}

interface VendorRollbackTable {
  merchant_code: string;
  vendor_code: string;
  round_id: string;
  created_at: Generated<Date>;
}

interface HouseRoundTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  node_id: string;
  round_id: string;
  bet: ColumnType<string, bigint | string, bigint | string>;
  total_win: ColumnType<string, bigint | string, bigint | string>;
  detail: Json<unknown>;
  created_at: Generated<Date>;
}

interface GameTables {
  game: GameTable;
  favorite_game: FavoriteGameTable;
  recent_game: RecentGameTable;
  game_ticket: GameTicketTable;
  vendor_secret: VendorSecretTable;
  vendor_rollback: VendorRollbackTable;
  house_round: HouseRoundTable;
}

// The house card game (migration 0009).

interface CardsRoomTable {
  merchant_code: string;
  room_id: string;
}

export interface CardsHandTable {
  merchant_code: string;
  room_id: string;
  hand_no: ColumnType<string, bigint | string | number, bigint | string | number>;
  ante: Minor;
  deal_at: Timestamp;
  decide_by: Timestamp;
  seats: Json<unknown>;
  result: Json<unknown> | null;
  pot: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  rake: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  house_seat_stakes: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  house_seat_payouts: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

export interface CardsEntryTable {
  merchant_code: string;
  room_id: string;
  hand_no: ColumnType<string, bigint | string | number, bigint | string | number>;
  member_id: string;
  seat: number;
  node_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  game_type: string;
  game_code: string;
  game_name: string;
  ante: Minor;
  status: Generated<'PENDING' | 'ANTED' | 'FAILED' | 'LATE' | 'VOID'>;
  action: 'PLAYING' | 'PLAY' | 'FOLD' | null;
  play_void: Generated<boolean>;
  payout: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  paid: Generated<boolean>;
  created_at: Generated<Date>;
}

interface CardsTables {
  cards_room: CardsRoomTable;
  cards_hand: CardsHandTable;
  cards_entry: CardsEntryTable;
}

// ---- house cockfight (migration 0011) ----------------------------------------------------
export interface CockfightFightTable {
  id: Generated<string>;
  merchant_code: string;
  vendor_code: string;
  game_code: string;
  fight_no: ColumnType<string, number | string, number | string>;
  opens_at: Timestamp;
  closes_at: Timestamp;
  reveal_at: Timestamp;
  edge: number;
  meron: Json<unknown>;
  wala: Json<unknown>;
  chance_meron: number;
  chance_wala: number;
  chance_draw: number;
  chance_cancel: number;
  odds_meron: number;
  odds_wala: number;
  odds_draw: number;
  status: Generated<'OPEN' | 'DECIDED' | 'SETTLED'>;
  result: 'MERON' | 'WALA' | 'DRAW' | 'CANCELLED' | null;
  decided_at: Timestamp | null;
  settled_at: Timestamp | null;
  lease_until: Timestamp | null;
  created_at: Generated<Date>;
}

interface CockfightBetTable {
  id: Generated<string>;
  fight_id: string;
  merchant_code: string;
  member_id: string;
  node_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  request_id: string;
  side: 'MERON' | 'WALA' | 'DRAW';
  stake: ColumnType<string, bigint | string, bigint | string>;
  odds: number;
  status: Generated<'PLACING' | 'OPEN' | 'WON' | 'LOST' | 'REFUNDED' | 'VOID' | 'REJECTED'>;
  payout: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  created_at: Generated<Date>;
  settled_at: Timestamp | null;
}

interface CockfightTables {
  cockfight_fight: CockfightFightTable;
  cockfight_bet: CockfightBetTable;
}

// ---- lottery (migration 0013) ------------------------------------------------------------
export type LotteryDrawStatusColumn = 'OPEN' | 'LOCKED' | 'DRAWN' | 'SETTLED' | 'CANCELLED';
export type LotteryBetStatusColumn = 'PLACING' | 'OPEN' | 'WON' | 'LOST' | 'VOID';

export interface LotteryDrawTable {
  id: Generated<string>;
  merchant_code: string;
  vendor_code: string;
  game_code: string;
  numero: string;
  seq: ColumnType<string, number | string, number | string>;
  lock_at: Timestamp;
  draw_at: Timestamp;
  status: Generated<LotteryDrawStatusColumn>;
  /** The stored result: { prizes: LotteryPrize[] } (see lottery-rules DrawnResult). */
  result: Json<unknown> | null;
  opened_at: Timestamp | null;
  settled_at: Timestamp | null;
  cancel_reason: string | null;
  lease_until: Timestamp | null;
  created_at: Generated<Date>;
  /** How the result was drawn (migration 0051): { generator, drawnAt, calls: [range, value][] }. */
  rng_record: Json<unknown> | null;
}

interface LotteryBetTable {
  id: Generated<string>;
  draw_id: string;
  merchant_code: string;
  member_id: string;
  node_id: string;
  vendor_code: string;
  game_code: string;
  request_id: string;
  line_no: number;
  bet_type: string;
  numbers: Json<string[]>;
  stake: ColumnType<string, bigint | string, bigint | string>;
  odds: number;
  prize_mode: string;
  status: Generated<LotteryBetStatusColumn>;
  hits: number | null;
  payout: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  created_at: Generated<Date>;
  settled_at: Timestamp | null;
}

interface LotteryTables {
  lottery_draw: LotteryDrawTable;
  lottery_bet: LotteryBetTable;
}

// ---- house live baccarat (migration 0007) ------------------------------------------------

type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;

interface BaccaratShoeTable {
  merchant_code: string;
  table_id: number;
  shoe_no: number;
  hands: Generated<number>;
  /** WARNING: every card still to come (BaccaratShoeState). Never sent to a client. */
  state: Json<unknown>;
  updated_at: Generated<Date>;
}

interface BaccaratRoundTable {
  merchant_code: string;
  table_id: number;
  round_no: Int8;
  closes_at: Timestamp;
  shoe_no: number | null;
  hand_no: number | null;
  result: Json<unknown> | null;
  dealt_at: Timestamp | null;
  settled_at: Timestamp | null;
  created_at: Generated<Date>;
}

interface BaccaratBetTable {
  id: Generated<string>;
  merchant_code: string;
  table_id: number;
  round_no: Int8;
  member_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  game_type: string;
  game_code: string;
  game_name: string;
  bet_type: string;
  stake: Int8;
  transaction_id: string;
  status: Generated<'PENDING' | 'SETTLED' | 'VOID'>;
  payout: Int8 | null;
  created_at: Generated<Date>;
  settled_at: Timestamp | null;
}

interface BaccaratTables {
  baccarat_shoe: BaccaratShoeTable;
  baccarat_round: BaccaratRoundTable;
  baccarat_bet: BaccaratBetTable;
}

// ---- house sportsbook (migration 0010) ----------------------------------------------------

export interface SportsbookFixtureTable {
  id: Generated<string>;
  merchant_code: string;
  fixture_id: string;
  sport: string;
  league_id: string;
  detail: Json<unknown>;
  kick_off: Timestamp;
  local_date: string;
  status: Generated<string>;
  timeline: ColumnType<unknown, string | null | undefined, string | null>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  final_home: ColumnType<number | null, number | null | undefined, number | null>;
  final_away: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

export interface SportsbookBetTable {
  id: Generated<string>;
  merchant_code: string;
  bet_id: string;
  member_id: string;
  node_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  game_type: string;
  game_code: string;
  game_name: string;
  stake: ColumnType<string, bigint | string, bigint | string>;
  legs: Json<unknown>;
  status: string;
  payout: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  leg_results: ColumnType<unknown, string | null | undefined, string | null>;
  /** A settled single's valid turnover, net of the member's other selections on its market. */
  valid_bet: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  placed_at: Generated<Date>;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  credited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface SportsbookBetLegTable {
  bet_row_id: string;
  merchant_code: string;
  fixture_id: string;
}

interface SportsbookTables {
  sportsbook_fixture: SportsbookFixtureTable;
  sportsbook_bet: SportsbookBetTable;
  sportsbook_bet_leg: SportsbookBetLegTable;
}

// ---- agent contracts, wages and dividends (migration 0015) ------------------------------

export interface AgentContractTable {
  id: Generated<string>;
  merchant_code: string;
  kind: 'DIVIDEND' | 'DAILY' | 'HOURLY' | 'REALTIME';
  upline_id: string | null;
  member_id: string;
  version: number;
  period: 'D' | 'W' | 'H' | 'SM' | 'M';
  terms: Json<unknown>;
  terms_text: string;
  max_rate_bp: number;
  state: Generated<'PENDING' | 'ACCEPTED' | 'REJECTED' | 'TERMINATED'>;
  termination_by: string | null;
  termination_at: Date | null;
  end_reason: string | null;
  created_at: Generated<Date>;
  accepted_at: Date | null;
  ended_at: Date | null;
}

export interface AgentSettlementTable {
  id: Generated<string>;
  merchant_code: string;
  contract_id: string;
  kind: string;
  member_id: string;
  payer_id: string | null;
  period_key: string;
  day_key: string | null;
  period_start: Timestamp;
  period_end: Timestamp;
  base: ColumnType<string, bigint | string, bigint | string>;
  active_members: number;
  tier: number;
  rate_bp: number;
  figure: ColumnType<string, bigint | string, bigint | string>;
  amount: ColumnType<string, bigint | string, bigint | string>;
  status: 'PAID' | 'UNPAID' | 'NONE';
  reason: string | null;
  entry_id: string | null;
  created_at: Generated<Date>;
}

interface AgentContractTables {
  agent_contract: AgentContractTable;
  agent_settlement: AgentSettlementTable;
}

// ---- VIP and rebates (migration 0020) ----------------------------------------------------

/** Minor units with a default (bigint columns the database fills when not given). */
type MinorDefault = ColumnType<string, string | bigint | undefined, string | bigint>;

interface VipLevelTable {
  merchant_code: string;
  level: number;
  label: Json<LocalizedText>;
  color: string;
  min_turnover: MinorDefault;
  min_deposit: MinorDefault;
  upgrade_bonus: MinorDefault;
  turnover_multiple: Generated<number>;
  benefits: Json<LocalizedText[]>;
}

interface VipRebateRateTable {
  merchant_code: string;
  level: number;
  game_type: string;
  rate_bp: number;
}

interface RebateRuleTable {
  merchant_code: string;
  min_payout: Minor;
  daily_cap: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  turnover_multiple: Generated<number>;
  enabled: Generated<boolean>;
}

interface MemberVipTable {
  member_id: string;
  merchant_code: string;
  level: Generated<number>;
  reached_at: Date | null;
  turnover: MinorDefault;
  deposits: MinorDefault;
  dirty: Generated<boolean>;
  updated_at: Generated<Date>;
}

interface VipCursorTable {
  merchant_code: string;
  settled_to: Timestamp;
  deposits_to: Timestamp;
}

interface VipUpgradeTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  level: number;
  bonus: Minor;
  entry_id: string | null;
  created_at: Generated<Date>;
}

interface RebateDayTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  /** yyyy-mm-dd in the brand's zone. */
  day: string;
  turnover: MinorDefault;
  rebate: MinorDefault;
  claimed: MinorDefault;
  paid: MinorDefault;
  status: Generated<'OPEN' | 'SETTLED'>;
  settled_at: Date | null;
}

interface RebatePayoutTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  day: string;
  kind: 'MANUAL' | 'DAILY';
  turnover: Minor;
  amount: Minor;
  reference: string;
  entry_id: string;
  created_at: Generated<Date>;
}

interface RebateRunTable {
  merchant_code: string;
  day: string;
  members: number;
  paid: Minor;
  finished_at: Generated<Date>;
}

interface VipTables {
  vip_level: VipLevelTable;
  vip_rebate_rate: VipRebateRateTable;
  rebate_rule: RebateRuleTable;
  member_vip: MemberVipTable;
  vip_cursor: VipCursorTable;
  vip_upgrade: VipUpgradeTable;
  rebate_day: RebateDayTable;
  rebate_payout: RebatePayoutTable;
  rebate_run: RebateRunTable;
}

// ---- Points and the points mall (migration 0021) ------------------------------------------
interface PointsTables {
  point_config: PointConfigTable;
  point_earn_rate: PointEarnRateTable;
  point_entry: PointEntryTable;
  point_balance: PointBalanceTable;
  point_earning: PointEarningTable;
  point_earning_day: PointEarningDayTable;
  point_reward: PointRewardTable;
  point_redemption: PointRedemptionTable;
  point_conversion: PointConversionTable;
}

/** Whole points: int8, read as text like money (the client keeps every int8 as a string). */
type Points = ColumnType<string, string | bigint, string | bigint>;

interface PointConfigTable {
  merchant_code: string;
  earning_enabled: Generated<boolean>;
  deposit_rate: Generated<number>;
  convert_enabled: Generated<boolean>;
  convert_points_per_unit: number;
  convert_min_points: number;
  convert_turnover_multiple: Generated<number>;
}

interface PointEarnRateTable {
  merchant_code: string;
  game_type: string;
  points: number;
}

export type PointEntryKindColumn = 'EARN' | 'REDEEM' | 'REDEEM_REFUND' | 'CONVERT' | 'SEED' | 'ADJUSTMENT';

export interface PointEntryTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  kind: PointEntryKindColumn;
  points: Points;
  balance_after: Points;
  reference: string;
  memo: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

interface PointBalanceTable {
  member_id: string;
  merchant_code: string;
  balance: Points;
  updated_at: Generated<Date>;
}

interface PointEarningTable {
  member_id: string;
  /** yyyy-mm-dd, the brand-zone day. */
  day: string;
  merchant_code: string;
  turnover_points: Points;
  deposit_points: Points;
  credited: Points;
  updated_at: Generated<Date>;
}

interface PointEarningDayTable {
  merchant_code: string;
  day: string;
  closed_at: Generated<Date>;
}

export interface PointRewardTable {
  id: Generated<string>;
  merchant_code: string;
  code: string;
  kind: 'BONUS' | 'ITEM';
  name: Json<LocalizedText>;
  description: Json<LocalizedText>;
  image_path: string;
  cost: Points;
  stock: number | null;
  bonus_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  turnover_multiple: Generated<number>;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface PointRedemptionTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  request_id: string;
  reward_id: string;
  kind: 'BONUS' | 'ITEM';
  reward_name: Json<LocalizedText>;
  image_path: string;
  cost: Points;
  bonus_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  status: 'IN_PROCESS' | 'APPROVED' | 'REJECTED';
  remark: string | null;
  reason: string | null;
  lang: string;
  reviewed_by: string | null;
  point_entry_id: string;
  refund_entry_id: string | null;
  ledger_entry_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PointConversionTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  request_id: string;
  points: Points;
  points_used: Points;
  amount: Minor;
  point_entry_id: string;
  ledger_entry_id: string;
  created_at: Generated<Date>;
}

// ---- Promotions (migration 0022) -----------------------------------------------------------
/** Minor units that may be absent (a rule figure a kind does not use). */
type MinorOrNull = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;

interface PromotionCategoryTable {
  id: Generated<string>;
  merchant_code: string;
  code: string;
  name: Json<LocalizedText>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

export type PromotionKindColumn =
  'FIRST_DEPOSIT' | 'RELOAD' | 'TURNOVER' | 'APPLY' | 'SIGN_IN' | 'RAFFLE' | 'REFERRAL';
export type PromotionPeriodColumn = 'NONE' | 'DAILY' | 'WEEKLY' | 'SEMIMONTHLY' | 'MONTHLY';

export interface PromotionTable {
  id: Generated<string>;
  merchant_code: string;
  code: string;
  category_id: string;
  kind: PromotionKindColumn;
  title: Json<LocalizedText>;
  summary: Json<LocalizedText>;
  /** Sanitised HTML per language (platform/sanitize.ts before it is stored). */
  content: Json<LocalizedText>;
  image_path: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  period: Generated<PromotionPeriodColumn>;
  min_vip_level: Generated<number>;
  min_deposit: MinorOrNull;
  bonus_rate_bp: number | null;
  max_bonus: MinorOrNull;
  bonus_amount: MinorOrNull;
  target_turnover: MinorOrNull;
  turnover_multiple: Generated<number>;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  // Set up by operators (migration 0052): eligibility, caps counted at claim time, the kill switch.
  max_vip_level: number | null;
  new_member_days: number | null;
  budget_total: MinorOrNull;
  per_member_cap: MinorOrNull;
  max_claims: number | null;
  budget_used: ColumnType<string, string | bigint | undefined, string | bigint>;
  claims_count: Generated<number>;
  killed_at: Timestamp | null;
  killed_by: string | null;
  updated_at: Generated<Date>;
  images: ColumnType<LocalizedText, LocalizedText | string | undefined, LocalizedText | string>;
}

/** The promotion's figures a participation was taken on (minor units as text). */
export interface PromotionTerms {
  minDeposit: string | null;
  bonusRateBp: number | null;
  maxBonus: string | null;
  bonusAmount: string | null;
  turnoverMultiple: number;
}

interface PromotionPrizeTable {
  promotion_id: string;
  seq: number;
  amount: Minor;
  weight: number;
}

export type ParticipationStatusColumn = 'JOINED' | 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED' | 'SIGNED';

export interface PromotionParticipationTable {
  id: Generated<string>;
  merchant_code: string;
  promotion_id: string;
  member_id: string;
  period_key: string;
  period_start: Timestamp;
  period_end: Timestamp | null;
  status: ParticipationStatusColumn;
  deposit_order_no: string | null;
  deposit_amount: MinorOrNull;
  amount: MinorOrNull;
  turnover_required: MinorOrNull;
  prize_seq: number | null;
  remark: string | null;
  image_ids: Generated<string[]>;
  reject_reason: string | null;
  reviewed_by: string | null;
  entry_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** null only for a row written before terms were kept (migration 0052 filled those in). */
  terms: ColumnType<PromotionTerms | null, string | null | undefined, string | null>;
}

interface PromotionTables {
  promotion_category: PromotionCategoryTable;
  promotion: PromotionTable;
  promotion_prize: PromotionPrizeTable;
  promotion_participation: PromotionParticipationTable;
}

// ---- Missions and rewards (migration 0023) -------------------------------------------------
interface MissionTables {
  mission: MissionTable;
  mission_claim: MissionClaimTable;
}

export interface MissionTable {
  id: Generated<string>;
  merchant_code: string;
  code: string;
  period: 'DAILY' | 'WEEKLY';
  metric: 'TURNOVER' | 'WINS' | 'DEPOSIT' | 'LOGIN';
  game_type: string | null;
  /** WARNING: minor units for TURNOVER and DEPOSIT, a count for WINS (bets) and LOGIN (days). */
  target: Minor;
  reward: Minor;
  turnover_multiple: Generated<number>;
  title: Json<LocalizedText>;
  description: ColumnType<LocalizedText, LocalizedText | string | undefined, LocalizedText | string>;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface MissionClaimTable {
  id: Generated<string>;
  merchant_code: string;
  mission_id: string;
  member_id: string;
  /** D:yyyy-mm-dd or W:yyyy-mm-dd (its Monday), in the brand's zone. */
  period_key: string;
  /** The week the period falls in: the leaderboard counts by it. */
  week_key: string;
  amount: Minor;
  turnover_required: Minor;
  entry_id: string;
  claimed_at: Generated<Date>;
}

// ---- Inbox, feedback and referral (migration 0024) -----------------------------------------
interface InboxExtraTables {
  feedback: FeedbackTable;
  referral_rule: ReferralRuleTable;
  referral_reward: ReferralRewardTable;
}

export interface FeedbackTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  request_id: string;
  category: 'SUGGESTION' | 'COMPLAINT' | 'PAYMENT' | 'GAME' | 'OTHER';
  content: string;
  image_ids: Generated<string[]>;
  reply: string | null;
  replied_by: string | null;
  replied_at: Date | null;
  created_at: Generated<Date>;
}

export interface ReferralRuleTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  min_first_deposit: ColumnType<string, bigint | string, bigint | string>;
  reward: ColumnType<string, bigint | string, bigint | string>;
  turnover_multiple: Generated<number>;
  qualify_days: Generated<number>;
  monthly_limit: Generated<number>;
  /** Every claim held for review (migration 0053). */
  review_all: Generated<boolean>;
}

interface ReferralRewardTable {
  id: Generated<string>;
  merchant_code: string;
  referrer_id: string;
  friend_id: string;
  amount: ColumnType<string, bigint | string, bigint | string>;
  /** The payment's entry; null while HELD or when REJECTED. */
  entry_id: string | null;
  status: Generated<'PAID' | 'HELD' | 'REJECTED'>;
  turnover_required: ColumnType<string, bigint | string | undefined, bigint | string>;
  /** What tied the friend to the inviting member: IP, DEVICE, PAYOUT_ACCOUNT. */
  hold_reasons: Generated<string[]>;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  reject_reason: string | null;
  created_at: Generated<Date>;
}

/** Legacy wire compatibility and the operators' audit log (migration 0031). */
interface WireTables {
  legacy_payload_seen: { digest: Buffer; seen_at: Generated<Date> };
  audit_log: AuditLogTable;
}

interface AuditLogTable {
  id: Generated<string>;
  actor: string;
  actor_kind: 'STAFF' | 'API_KEY' | 'CLI';
  role: string | null;
  merchant_code: string | null;
  action: string;
  target: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
}

/** Back office: cashier settings (migration 0034). */
interface BackofficeCashierTables {
  cashier_settings: CashierSettingsTable;
  approval_request: ApprovalRequestTable;
  idempotency_record: IdempotencyRecordTable;
}

interface CashierSettingsTable {
  merchant_code: string;
  /** Minor units; a withdrawal approval at or above it needs a second approver. */
  withdrawal_approval_threshold: ColumnType<string, bigint | string, bigint | string>;
  updated_by: string;
  updated_at: Generated<Date>;
}

interface ApprovalRequestTable {
  id: Generated<string>;
  merchant_code: string;
  kind: 'ADJUSTMENT' | 'WITHDRAWAL';
  member_id: string;
  /** Minor units; an adjustment's is signed (a debit is negative), a withdrawal payment's > 0. */
  amount: ColumnType<string, bigint | string, bigint | string>;
  turnover_multiple: Generated<number>;
  /** Always set on an adjustment; a full withdrawal payment may have none. */
  reason: string | null;
  /** The withdrawal a WITHDRAWAL request pays; null for an adjustment. */
  withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
  requested_kind: 'STAFF' | 'API_KEY' | 'CLI';
  requested_id: string;
  requested_by: string;
  requested_at: Generated<Date>;
  state: Generated<'PENDING' | 'APPROVING' | 'APPROVED' | 'REJECTED'>;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

interface IdempotencyRecordTable {
  merchant_code: string;
  /** kind:id:name of the caller. */
  actor: string;
  key: string;
  route: string;
  request_hash: string;
  response: Json<unknown>;
  created_at: Generated<Date>;
}

/** Staff identity and access: accounts, grants, sign-in, sessions, API keys (migration 0032). */
interface StaffTables {
  staff: StaffTable;
  staff_grant: StaffGrantTable;
  staff_recovery_code: { staff_id: string; code_hash: Buffer; used_at: Date | null };
  staff_challenge: {
    token_hash: Buffer;
    staff_id: string;
    expires_at: Date;
    webauthn_challenge: ColumnType<string | null, string | null | undefined, string | null>;
  };
  staff_passkey: StaffPasskeyTable;
  staff_session: StaffSessionTable;
  api_key: ApiKeyTable;
  brand_security: {
    merchant_code: string;
    ip_allow_list: string[];
    updated_by: string;
    updated_at: Generated<Date>;
  };
}

interface StaffTable {
  id: Generated<string>;
  username: string;
  display_name: string;
  password_hash: string;
  must_change_password: Generated<boolean>;
  totp_secret: string | null;
  totp_enrolled: Generated<boolean>;
  totp_last_step: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  failed_second_factor: Generated<number>;
  locked_until: Date | null;
  disabled: Generated<boolean>;
  last_login_at: Date | null;
  created_at: Generated<Date>;
}

interface StaffGrantTable {
  staff_id: string;
  merchant_code: string | null;
  role: string;
  granted_by: string;
  created_at: Generated<Date>;
}

interface StaffSessionTable {
  token_hash: Buffer;
  staff_id: string;
  csrf_token: string;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  webauthn_challenge: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

interface StaffPasskeyTable {
  id: Generated<string>;
  staff_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
  transports: Generated<string[]>;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

interface ApiKeyTable {
  id: Generated<string>;
  name: string;
  prefix: string;
  key_hash: Buffer;
  merchant_code: string | null;
  permissions: string[];
  created_by: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

// Players in the back office (migration 0033): staff notes on a member.
interface PlayerAdminTables {
  member_note: MemberNoteTable;
}

interface MemberNoteTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  author: string;
  body: string;
  created_at: Generated<Date>;
}

// The back-office dashboard's roll-ups (migration 0035; modules/dashboard/README.md). Also on
// ledger_entry: txid (xid8, the writing transaction, a column default), read only by the roll-up.
interface DashboardTables {
  dashboard_rollup_state: DashboardRollupStateTable;
  dashboard_day: DashboardDayTable;
  dashboard_member_day: DashboardMemberDayTable;
  dashboard_member_year: DashboardMemberYearTable;
  dashboard_first_deposit: DashboardFirstDepositTable;
}

interface DashboardRollupStateTable {
  name: string;
  /** xid8 as text. */
  last_txid: Generated<string>;
  last_entry_id: Generated<string>;
  entries: Generated<string>;
  updated_at: Generated<Date>;
}

/** Minor units per brand and local day. */
interface DashboardDayTable {
  merchant_code: string;
  day: string;
  deposits: Generated<string>;
  withdrawals: Generated<string>;
  turnover: Generated<string>;
  ggr: Generated<string>;
  bonus_cost: Generated<string>;
  active: Generated<number>;
  first_deposits: Generated<number>;
}

interface DashboardMemberDayTable {
  merchant_code: string;
  day: string;
  member_id: string;
}

interface DashboardMemberYearTable {
  merchant_code: string;
  year: number;
  member_id: string;
  /** bit(366) as text: the days of the year the member bet on (bit 0: 1 January). */
  days: string;
}

interface DashboardFirstDepositTable {
  member_id: string;
  merchant_code: string;
  day: string;
}

/** Integrations: providers a brand switched on, their settings and sealed credentials (migration 0038). */
interface IntegrationTables {
  provider_config: ProviderConfigTable;
}

interface ProviderConfigTable {
  merchant_code: string;
  provider: string;
  kind: 'GAME' | 'PAYMENT';
  enabled: Generated<boolean>;
  settings: Json<Record<string, unknown>>;
  /** AES-256-GCM sealed JSON object of secret fields (modules/integrations/secret-box.ts). */
  secrets_sealed: string | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** Withdrawals paid through a provider's payouts API, and the notifications applied (migration 0042). */
interface ProviderPayoutTables {
  withdrawal_provider_payout: WithdrawalProviderPayoutTable;
  provider_payout_event: ProviderPayoutEventTable;
}

export type ProviderPayoutState = 'IN_FLIGHT' | 'SUCCEEDED' | 'FAILED' | 'REVERSED';

interface WithdrawalProviderPayoutTable {
  id: Generated<string>;
  merchant_code: string;
  withdrawal_id: string;
  provider: string;
  reference: string;
  amount: Minor;
  currency: string;
  channel_code: string;
  account_no: string;
  account_name: string;
  state: Generated<ProviderPayoutState>;
  provider_ref: string | null;
  provider_status: string | null;
  failure_code: string | null;
  operator: string;
  create_entry_id: string;
  payout_id: string | null;
  return_entry_id: string | null;
  attempts: Generated<number>;
  last_sent_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface ProviderPayoutEventTable {
  provider: string;
  event_id: string;
  merchant_code: string;
  reference: string;
  status: string;
  received_at: Generated<Date>;
}

/** Transfer-wallet vendor moves and the round-history sync's watermarks (migration 0039). */
interface VendorTransferTables {
  vendor_transfer: VendorTransferTable;
  vendor_round_sync: VendorRoundSyncTable;
}

export type VendorTransferState = 'PENDING' | 'DONE' | 'FAILED' | 'REVIEW';

interface VendorTransferTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  vendor_code: string;
  adapter: string;
  reference: string;
  request_key: string;
  request: Json<Record<string, string | number | null>>;
  direction: 'DEPOSIT' | 'WITHDRAW';
  amount: Minor;
  state: Generated<VendorTransferState>;
  entry_reference: string | null;
  reversal_reference: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface VendorRoundSyncTable {
  merchant_code: string;
  adapter: string;
  synced_to: Date;
  updated_at: Generated<Date>;
}

/** Payment providers' notifications, once per provider and event id (migration 0041). */
interface PaymentProviderTables {
  deposit_provider_event: DepositProviderEventTable;
}

interface DepositProviderEventTable {
  gateway: string;
  event_id: string;
  merchant_code: string;
  order_no: string;
  provider_ref: string;
  provider_status: string;
  amount: ColumnType<string, bigint | string, bigint | string>;
  currency: string | null;
  outcome: 'APPLIED' | 'SEEN' | 'MISMATCH' | 'CONFLICT';
  received_at: Generated<Date>;
}

/** Player protection: limits, exclusions and their history (migration 0043). */
interface ProtectionTables {
  protection_settings: ProtectionSettingsTable;
  protection_limit: ProtectionLimitTable;
  protection_exclusion: ProtectionExclusionTable;
  protection_event: ProtectionEventTable;
  protection_preference: ProtectionPreferenceTable;
}

interface ProtectionSettingsTable {
  merchant_code: string;
  cooling_off_hours: Generated<number>;
  reality_check_minutes: number | null;
  min_age: Generated<number>;
  exclusion_terms: Generated<string[]>;
  offer_limits: Generated<'NONE' | 'REGISTRATION' | 'FIRST_DEPOSIT'>;
  operator_group: string | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
  /** Migration 0047: the sign-up form asks the date of birth (required, checked against min_age). */
  ask_birth_date: Generated<boolean>;
}

/** A member's own reality-check interval (migration 0047). */
interface ProtectionPreferenceTable {
  member_id: string;
  merchant_code: string;
  reality_check_minutes: number | null;
  updated_at: Generated<Date>;
}

interface ProtectionLimitTable {
  member_id: string;
  merchant_code: string;
  kind: 'DEPOSIT' | 'LOSS' | 'WAGER' | 'SESSION';
  period: 'D' | 'W' | 'M' | 'S';
  amount: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  pending: Generated<boolean>;
  pending_amount: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  pending_from: Date | null;
  updated_at: Generated<Date>;
}

interface ProtectionExclusionTable {
  id: Generated<string>;
  member_id: string;
  merchant_code: string;
  kind: 'TIMEOUT' | 'SELF_EXCLUSION';
  term: string;
  starts_at: Generated<Date>;
  ends_at: Date | null;
  all_brands: Generated<boolean>;
  return_from: Date | null;
  returned_at: Date | null;
}

interface ProtectionEventTable {
  id: Generated<string>;
  member_id: string;
  merchant_code: string;
  at: Generated<Date>;
  action: string;
  detail: Json<Record<string, unknown>>;
  actor: string;
}

/** Hub88: game sessions our launch opened and the wallet transactions answered (migration 0040). */
interface Hub88Tables {
  hub88_session: Hub88SessionTable;
  hub88_transaction: Hub88TransactionTable;
  /** Which win settles each bet (migration 0048); later wins are further payouts. */
  hub88_bet_settler: Hub88BetSettlerTable;
}

interface Hub88BetSettlerTable {
  merchant_code: string;
  bet_uuid: string;
  settler: string;
  created_at: Generated<Date>;
}

interface Hub88SessionTable {
  token: string;
  merchant_code: string;
  /** int8 arrives as a decimal string. */
  member_id: ColumnType<string, string | bigint, string | bigint>;
  vendor_code: string;
  game_code: string;
  currency: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

interface Hub88TransactionTable {
  merchant_code: string;
  transaction_uuid: string;
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  member_id: ColumnType<string, string | bigint, string | bigint>;
  vendor_code: string;
  reference_uuid: string | null;
  round: string;
  digest: string;
  response: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

/** Anti-money-laundering: rules, evaluations, cases with their history, screening lists (migration 0046). */
interface AmlTables {
  aml_rule: AmlRuleTable;
  aml_evaluation: AmlEvaluationTable;
  aml_case: AmlCaseTable;
  aml_case_note: AmlCaseNoteTable;
  aml_list_entry: AmlListEntryTable;
}

type AmlRuleKind =
  | 'LARGE_TRANSACTION'
  | 'CUMULATIVE_DEPOSITS'
  | 'LITTLE_PLAY'
  | 'SHARED_PAYOUT_ACCOUNT'
  | 'SHARED_DEVICE'
  | 'STRUCTURING';

interface AmlRuleTable {
  merchant_code: string;
  kind: AmlRuleKind;
  enabled: Generated<boolean>;
  amount: ColumnType<string | null, bigint | string | null, bigint | string | null>;
  window_hours: number | null;
  percent: number | null;
  count: number | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

interface AmlEvaluationTable {
  subject: string;
  merchant_code: string;
  evaluated_at: Generated<Date>;
  hits: Generated<number>;
}

interface AmlCaseTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: ColumnType<string, string | bigint, string | bigint>;
  rule: AmlRuleKind | 'SCREENING';
  subject: string;
  state: Generated<'OPEN' | 'CLEARED' | 'FROZEN' | 'REPORTED'>;
  assignee: string | null;
  detail: Json<Record<string, unknown>>;
  transactions: Json<Record<string, unknown>[]>;
  blocked: Generated<boolean>;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface AmlCaseNoteTable {
  id: Generated<string>;
  case_id: ColumnType<string, string | bigint, string | bigint>;
  at: Generated<Date>;
  kind: 'OPENED' | 'TRIGGERED' | 'ASSIGNED' | 'NOTE' | 'DECIDED';
  actor: string;
  body: Generated<string>;
  detail: Json<Record<string, unknown>>;
}

interface AmlListEntryTable {
  id: Generated<string>;
  merchant_code: string;
  list_kind: 'SANCTIONS' | 'PEP' | 'RESTRICTED';
  name: string;
  name_key: string;
  date_of_birth: string | null;
  country: string | null;
  uploaded_at: Generated<Date>;
  uploaded_by: string;
}

/** Identity verification: rules, submissions, documents, flags and history (migration 0045). */
interface KycTables {
  kyc_settings: KycSettingsTable;
  kyc_submission: KycSubmissionTable;
  kyc_document: KycDocumentTable;
  kyc_flag: KycFlagTable;
  kyc_event: KycEventTable;
}

interface KycSettingsTable {
  merchant_code: string;
  required_documents: Generated<string[]>;
  before_first_withdrawal: Generated<boolean>;
  deposit_threshold: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  validity_days: Generated<number>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

interface KycSubmissionTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  full_name: string;
  id_number: string;
  date_of_birth: string;
  id_expiry: string | null;
  state: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  reason: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  decided_by: string | null;
}

interface KycDocumentTable {
  id: string;
  merchant_code: string;
  member_id: string;
  submission_id: string | null;
  kind: 'ID_FRONT' | 'ID_BACK' | 'SELFIE' | 'PROOF_OF_ADDRESS';
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  size: number;
  created_at: Generated<Date>;
}

interface KycFlagTable {
  member_id: string;
  merchant_code: string;
  reason: string;
  set_by: string;
  set_at: Generated<Date>;
}

interface KycEventTable {
  id: Generated<string>;
  member_id: string;
  merchant_code: string;
  submission_id: string | null;
  at: Generated<Date>;
  action: 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'FLAGGED' | 'UNFLAGGED';
  reason: string | null;
  actor: string;
}

// ---- agents in the back office (migration 0054) ------------------------------------------

export interface AgentContractTemplateTable {
  id: Generated<string>;
  merchant_code: string;
  name: string;
  kind: 'DIVIDEND' | 'DAILY' | 'HOURLY' | 'REALTIME';
  period: 'D' | 'W' | 'H' | 'SM' | 'M';
  /** [{ minAmount (minor units as text), minActive, rateBp }]. */
  tiers: Json<{ minAmount: string; minActive: number; rateBp: number }[]>;
  max_rate_bp: number;
  updated_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AgentMoveTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string;
  from_upline_id: string | null;
  to_upline_id: string;
  effective_at: Date;
  reason: string;
  moved_by: string;
  contracts_ended: Generated<number>;
  created_at: Generated<Date>;
  /** SCHEDULED (waits for effective_at), APPLIED, CANCELLED or FAILED (migration 0056). */
  status: Generated<'SCHEDULED' | 'APPLIED' | 'CANCELLED' | 'FAILED'>;
  team_size: Generated<number>;
  applied_at: Date | null;
  cancelled_by: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  failure_code: string | null;
  failure_params: Json<(string | number)[]> | null;
}

// ---- Promotion images (migration 0052) -------------------------------------------------------
interface PromotionAdminTables {
  promotion_image: PromotionImageTable;
}

interface PromotionImageTable {
  id: string;
  merchant_code: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  size: number;
  created_by: string;
  created_at: Generated<Date>;
}

/** Rewards set up from the back office (migration 0053). */
export type RewardPauseKind = 'MISSIONS' | 'REBATES' | 'REFERRAL' | 'POINTS_EARNING' | 'MALL';

export interface RewardPauseTable {
  merchant_code: string;
  kind: RewardPauseKind;
  paused_by: string;
  paused_at: Generated<Date>;
}

export interface RebateTermsVersionTable {
  merchant_code: string;
  until_day: string;
  rule: Json<{ minPayout: string; dailyCap: string | null; turnoverMultiple: number } | null>;
  rates: Json<Record<string, Record<string, number>>>;
  created_at: Generated<Date>;
}

export interface RewardImageTable {
  id: string;
  merchant_code: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  size: number;
  uploaded_by: string;
  created_at: Generated<Date>;
}

/** A brand's closed house card rooms and baccarat tables (migration 0051; no row: open). */
interface HouseRoomSettingTable {
  merchant_code: string;
  engine: 'CARDS' | 'BACCARAT';
  room_id: string;
  enabled: boolean;
  /** Opening hours in the brand's zone, HH:MM (migration 0057); both null: all day. */
  open_from: ColumnType<string | null, string | null | undefined, string | null>;
  open_until: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

// ---- Site content and inbox broadcasts (migration 0050) ------------------------------------

interface ContentImageTable {
  id: string;
  merchant_code: string;
  content_type: 'image/png' | 'image/jpeg';
  /** A Buffer from pg, a Uint8Array from PGlite. */
  bytes: ColumnType<Uint8Array, Buffer, Buffer>;
  size: number;
  width: number;
  height: number;
  uploaded_by: string;
  created_at: Generated<Date>;
}

interface InboxBroadcastTable {
  id: Generated<string>;
  merchant_code: string;
  title: Json<LocalizedText>;
  content: Json<LocalizedText>;
  segment: Json<Record<string, unknown>>;
  send_at: Timestamp;
  status: Generated<'SCHEDULED' | 'SENT' | 'CANCELLED'>;
  recipients: number | null;
  created_by: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  cancelled_by: string | null;
  cancelled_at: Date | null;
}

interface ContentTables {
  content_image: ContentImageTable;
  inbox_broadcast: InboxBroadcastTable;
}

interface BrandAdminTables {
  maintenance_window: MaintenanceWindowTable;
  setup_token: SetupTokenTable;
}

export interface MaintenanceWindowTable {
  id: Generated<string>;
  merchant_code: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  message: ColumnType<LocalizedText, string, string>;
  allowed_usernames: string[];
  created_by: string;
  created_at: Generated<Date>;
  cancelled_at: Timestamp | null;
  cancelled_by: string | null;
}

interface SetupTokenTable {
  token_hash: Buffer;
  created_at: Generated<Date>;
  used_at: Timestamp | null;
}

/** A game's uploaded icons (migration 0055): a language, or 'default', to a media path. */
export type GameIcons = Partial<Record<Language | 'default', string>>;

interface GameIconTable {
  id: string;
  merchant_code: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
  uploaded_by: string;
  created_at: Generated<Date>;
}

/** A lottery game the brand switched off (migration 0055; no row: on). */
interface LotteryGameSettingTable {
  merchant_code: string;
  vendor_code: string;
  game_code: string;
  enabled: boolean;
  updated_by: string;
  updated_at: Generated<Date>;
}

// ---- the reports' aggregates (migration 0058; modules/reports/README.md) ------------------------
// Minor units as text (bigint); day as yyyy-mm-dd in the brand's zone.

interface ReportGameDayTable {
  merchant_code: string;
  day: string;
  vendor_code: string;
  game_type: string;
  game_code: string;
  bets: Generated<string>;
  turnover: Generated<string>;
  valid_turnover: Generated<string>;
  settled: Generated<string>;
  settled_stake: Generated<string>;
  payout: Generated<string>;
  ggr: Generated<string>;
  voided: Generated<string>;
  voided_stake: Generated<string>;
  ratio_sq: Generated<number>;
}

interface ReportMemberDayTable {
  merchant_code: string;
  day: string;
  member_id: string;
  bets: Generated<string>;
  turnover: Generated<string>;
  valid_turnover: Generated<string>;
  settled_stake: Generated<string>;
  payout: Generated<string>;
  ggr: Generated<string>;
  deposits: Generated<string>;
  deposit_count: Generated<number>;
  withdrawals: Generated<string>;
  withdrawal_count: Generated<number>;
  bonus: Generated<string>;
}

interface ReportBonusDayTable {
  merchant_code: string;
  day: string;
  kind: string;
  source: Generated<string>;
  amount: Generated<string>;
  entries: Generated<number>;
}

/** A member's betting days: bit i of `days` is first_day + i (migration 0065). */
interface ReportMemberActivityTable {
  merchant_code: string;
  member_id: string;
  first_day: string;
  days: string;
}

interface ReportActivePeriodTable {
  merchant_code: string;
  kind: 'day' | 'week' | 'month';
  period: string;
  members: number;
}

interface ReportTables {
  report_game_day: ReportGameDayTable;
  report_member_day: ReportMemberDayTable;
  report_bonus_day: ReportBonusDayTable;
  report_member_activity: ReportMemberActivityTable;
  report_active_period: ReportActivePeriodTable;
}

// ---- the cashier report's reconciliation runs (migration 0059; modules/reports/README.md) --------

interface ReconciliationRunTable {
  id: Generated<string>;
  merchant_code: string;
  provider: string;
  period_from: ColumnType<Date, string, string>;
  period_to: ColumnType<Date, string, string>;
  file_name: string;
  file_sha256: string;
  file_lines: number;
  matched: number;
  mismatched: number;
  kinds: Json<Record<string, number>>;
  created_by: string;
  created_at: Generated<Date>;
}

interface ReconciliationLineTable {
  run_id: string;
  seq: number;
  file_line: number | null;
  issues: string[];
  direction: 'DEPOSIT' | 'PAYOUT' | null;
  order_no: string | null;
  provider_ref: string | null;
  file_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  our_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  file_fee: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  our_fee: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  file_status: string | null;
  our_status: string | null;
  file_time: Date | null;
}

interface ReconciliationTables {
  reconciliation_run: ReconciliationRunTable;
  reconciliation_line: ReconciliationLineTable;
}

/** Exports of reports (migration 0060): the jobs and their files' chunks. */
interface ReportExportTable {
  id: Generated<string>;
  merchant_code: string;
  scope_all: Generated<boolean>;
  currency: string | null;
  report: string;
  format: 'csv' | 'xlsx';
  query: Json<Record<string, unknown>>;
  from_day: string;
  to_day: string;
  requested_by: string;
  status: Generated<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  rows_written: Generated<string>;
  rows_total: string | null;
  bytes: Generated<string>;
  chunks: Generated<number>;
  error: string | null;
  attempt: Generated<number>;
  lease_until: Date | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
}

interface ReportExportChunkTable {
  export_id: string;
  seq: number;
  data: Buffer;
}

interface ReportExportTables {
  report_export: ReportExportTable;
  report_export_chunk: ReportExportChunkTable;
}

/** The house games' progressive jackpot (migration 0069): pools, their balance shards, wins. */
interface JackpotPoolTable {
  merchant_code: string;
  pool: string;
  account_id: string;
  created_at: Generated<Date>;
}

interface JackpotShardTable {
  merchant_code: string;
  pool: string;
  shard: number;
  amount: ColumnType<string, string | bigint | undefined, string | bigint>;
  /** Every contribution through this shard, ever, in ten-thousandths of a minor unit. */
  accrued: ColumnType<string, string | bigint | undefined, string | bigint>;
}

interface JackpotWinTable {
  id: Generated<string>;
  merchant_code: string;
  pool: string;
  vendor_code: string;
  round_id: string;
  member_id: string;
  game_type: string;
  game_code: string;
  game_name: string;
  stake: ColumnType<string, string | bigint, string | bigint>;
  amount: ColumnType<string, string | bigint, string | bigint>;
  seed: ColumnType<string, string | bigint, string | bigint>;
  entry_id: string;
  created_at: Generated<Date>;
}

interface JackpotTables {
  jackpot_pool: JackpotPoolTable;
  jackpot_shard: JackpotShardTable;
  jackpot_win: JackpotWinTable;
}

/** Background jobs' leases (migration 0068): which instance runs each job, until when. */
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  last_error: string | null;
  runs: Generated<string>;
  failures: Generated<string>;
}

interface JobTables {
  job_lease: JobLeaseTable;
}

/** The built-in customer-service chat (migration 0070). */
export interface ChatSettingsTable {
  merchant_code: string;
  enabled: Generated<boolean>;
  always_open: Generated<boolean>;
  /** Opening hours in the brand's zone: one window per weekday (0 = Sunday). */
  hours: Json<{ day: number; open: string; close: string }[]>;
  away_message: Json<LocalizedText>;
  greeting: Json<LocalizedText>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface ChatConversationTable {
  id: Generated<string>;
  merchant_code: string;
  member_id: string | null;
  nickname: string;
  /** SHA-256 of a visitor's token (the token itself is never stored); null for a member. */
  visitor_token_hash: Buffer | null;
  queue: 'GENERAL' | 'VIP';
  status: Generated<'WAITING' | 'OPEN' | 'CLOSED'>;
  staff_id: string | null;
  staff_name: string | null;
  player_read_upto: ColumnType<string, string | bigint | undefined, string | bigint>;
  staff_read_upto: ColumnType<string, string | bigint | undefined, string | bigint>;
  lang: string;
  created_at: Generated<Date>;
  asked_at: Date | null;
  taken_at: Date | null;
  closed_at: Date | null;
  closed_by: string | null;
  last_message_at: Generated<Date>;
}

export interface ChatMessageTable {
  id: Generated<string>;
  conversation_id: string;
  merchant_code: string;
  sender: 'PLAYER' | 'STAFF' | 'SYSTEM';
  staff_name: string | null;
  text: string | null;
  image_id: string | null;
  request_id: string | null;
  created_at: Generated<Date>;
}

export interface ChatImageTable {
  id: string;
  merchant_code: string;
  conversation_id: string | null;
  uploader: 'PLAYER' | 'STAFF';
  uploaded_by: string | null;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  size: number;
  created_at: Generated<Date>;
}

export interface ChatCannedTable {
  id: Generated<string>;
  merchant_code: string;
  lang: Language;
  title: string;
  text: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

interface ChatTables {
  chat_settings: ChatSettingsTable;
  chat_conversation: ChatConversationTable;
  chat_message: ChatMessageTable;
  chat_image: ChatImageTable;
  chat_canned: ChatCannedTable;
}
