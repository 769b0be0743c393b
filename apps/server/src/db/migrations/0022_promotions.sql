-- Promotions: each brand's categories and promotions, the prize tables of raffles, and
-- one participation row per (promotion, member, period): the join, application, check-in, claim or
-- draw of that period, and the bonus it paid.

CREATE TABLE promotion_category (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code),
  -- Stable per brand (the seed finds its rows by it).
  code           text NOT NULL,
  name           jsonb NOT NULL,
  sort           integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true,
  UNIQUE (merchant_code, code)
);

CREATE TABLE promotion (
  id                 bigserial PRIMARY KEY,
  merchant_code      text NOT NULL REFERENCES merchant (code),
  code               text NOT NULL,
  category_id        bigint NOT NULL REFERENCES promotion_category (id),
  kind               text NOT NULL
                     CHECK (kind IN ('FIRST_DEPOSIT', 'RELOAD', 'TURNOVER', 'APPLY', 'SIGN_IN', 'RAFFLE', 'REFERRAL')),
  title              jsonb NOT NULL,
  summary            jsonb NOT NULL,
  -- HTML per language, sanitised before it is stored (and again before it is served).
  content            jsonb NOT NULL,
  image_path         text,
  -- Before starts_at the promotion is "coming soon"; from ends_at on it is closed.
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz,
  -- A member takes part once per period of the brand's time zone (NONE: once for the whole run).
  period             text NOT NULL DEFAULT 'NONE'
                     CHECK (period IN ('NONE', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY')),
  min_vip_level      integer NOT NULL DEFAULT 0 CHECK (min_vip_level >= 0),
  -- The rule's figures, minor units. FIRST_DEPOSIT / RELOAD: min_deposit, bonus_rate_bp, max_bonus;
  -- TURNOVER: target_turnover, bonus_amount; SIGN_IN: bonus_amount; RAFFLE: min_deposit (deposits
  -- in the period to qualify); APPLY: max_bonus (the most an operator may grant), optional.
  min_deposit        bigint CHECK (min_deposit > 0),
  bonus_rate_bp      integer CHECK (bonus_rate_bp > 0 AND bonus_rate_bp <= 100000),
  max_bonus          bigint CHECK (max_bonus > 0),
  bonus_amount       bigint CHECK (bonus_amount > 0),
  target_turnover    bigint CHECK (target_turnover > 0),
  -- Deposit kinds: (deposit + bonus) x this to bet before withdrawing; other kinds: bonus x this.
  turnover_multiple  integer NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0 AND turnover_multiple <= 100),
  sort               integer NOT NULL DEFAULT 0,
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, code),
  CONSTRAINT promotion_dates CHECK (ends_at IS NULL OR ends_at > starts_at),
  CONSTRAINT promotion_deposit_rule CHECK (kind NOT IN ('FIRST_DEPOSIT', 'RELOAD')
    OR (min_deposit IS NOT NULL AND bonus_rate_bp IS NOT NULL AND max_bonus IS NOT NULL)),
  -- A first deposit happens once in a member's life: one period for the whole run.
  CONSTRAINT promotion_first_deposit_once CHECK (kind <> 'FIRST_DEPOSIT' OR period = 'NONE'),
  CONSTRAINT promotion_turnover_rule CHECK (kind <> 'TURNOVER'
    OR (target_turnover IS NOT NULL AND bonus_amount IS NOT NULL)),
  CONSTRAINT promotion_sign_in_rule CHECK (kind <> 'SIGN_IN' OR (bonus_amount IS NOT NULL AND period = 'DAILY')),
  CONSTRAINT promotion_raffle_rule CHECK (kind <> 'RAFFLE' OR min_deposit IS NOT NULL)
);
CREATE INDEX promotion_brand_idx ON promotion (merchant_code, active, sort);

-- A raffle's weighted prize table: prize seq is drawn with chance weight / sum(weights).
CREATE TABLE promotion_prize (
  promotion_id  bigint NOT NULL REFERENCES promotion (id),
  seq           integer NOT NULL CHECK (seq >= 0),
  amount        bigint NOT NULL CHECK (amount > 0),
  weight        integer NOT NULL CHECK (weight > 0),
  PRIMARY KEY (promotion_id, seq)
);

CREATE TABLE promotion_participation (
  id                 bigserial PRIMARY KEY,
  merchant_code      text NOT NULL REFERENCES merchant (code),
  promotion_id       bigint NOT NULL REFERENCES promotion (id),
  member_id          bigint NOT NULL REFERENCES member (id),
  -- ONCE (period NONE), else the period's key in the brand's zone: D:2026-11-25, W:2026-11-23,
  -- SM:2026-11-1, M:2026-11. The bonus reference PROMO:<promotion>:<member>:<period_key> is built
  -- from the same three columns.
  period_key         text NOT NULL,
  -- The window the period covers within the promotion's run (period_end null: no end).
  period_start       timestamptz NOT NULL,
  period_end         timestamptz,
  -- JOINED (deposit kinds, waiting for the deposit), APPLYING (an operator decides), REJECTED,
  -- ISSUED (paid for a deposit or an approved application), CLAIMED (turnover bonus or raffle
  -- prize paid), SIGNED (today's check-in paid).
  status             text NOT NULL
                     CHECK (status IN ('JOINED', 'APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'SIGNED')),
  deposit_order_no   text,
  deposit_amount     bigint CHECK (deposit_amount > 0),
  amount             bigint CHECK (amount > 0),
  turnover_required  bigint CHECK (turnover_required >= 0),
  prize_seq          integer,
  remark             text CHECK (char_length(remark) <= 140),
  image_ids          uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_ids) <= 3),
  reject_reason      text,
  reviewed_by        text,
  entry_id           bigint REFERENCES ledger_entry (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  -- Once per period: a second join, claim, draw or check-in of the same period finds this row.
  CONSTRAINT promotion_participation_once UNIQUE (promotion_id, member_id, period_key),
  -- A paid row names its ledger entry and amount; an unpaid one has neither.
  CONSTRAINT promotion_participation_paid CHECK (
    (status IN ('ISSUED', 'CLAIMED', 'SIGNED')) = (entry_id IS NOT NULL AND amount IS NOT NULL))
);
-- One deposit earns at most one deposit bonus, whichever promotion the member joined.
CREATE UNIQUE INDEX promotion_participation_deposit ON promotion_participation (deposit_order_no)
  WHERE deposit_order_no IS NOT NULL;
CREATE INDEX promotion_participation_member_idx ON promotion_participation (member_id, promotion_id);
-- The catch-up pass looks for joined deposit promotions; operators list applications.
CREATE INDEX promotion_participation_joined_idx ON promotion_participation (created_at) WHERE status = 'JOINED';
CREATE INDEX promotion_participation_status_idx ON promotion_participation (merchant_code, status, created_at);
