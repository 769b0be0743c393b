-- Rewards set up from the back office: a pause per reward kind, the rebate terms each ended or
-- current day keeps when the operator changes them, and the points mall's uploaded images.

-- A reward kind the operator paused on a brand (a row: paused). New claims, earnings and
-- redemptions of the kind stop; what members already hold keeps its terms.
CREATE TABLE reward_pause (
  merchant_code text NOT NULL REFERENCES merchant (code),
  kind          text NOT NULL CHECK (kind IN ('MISSIONS', 'REBATES', 'REFERRAL', 'POINTS_EARNING', 'MALL')),
  paused_by     text NOT NULL,
  paused_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, kind)
);

-- The rebate terms (rule and rates per level and game type) that days up to `until_day` keep when
-- the operator changes them on `until_day`: new terms apply from the next brand-zone day, so a
-- day already earned (ended or in progress) is paid as it was earned. A day takes the version with
-- the smallest until_day on or after it; none: the current rebate_rule and vip_rebate_rate rows.
CREATE TABLE rebate_terms_version (
  merchant_code text NOT NULL REFERENCES merchant (code),
  until_day     text NOT NULL CHECK (until_day ~ '^\d{4}-\d{2}-\d{2}$'),
  -- {"minPayout": "100", "dailyCap": null | "5000", "turnoverMultiple": 1} (minor units as text),
  -- or null: the brand paid no rebates then.
  rule          jsonb,
  -- {"<level>": {"<game type>": <basis points>}}
  rates         jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, until_day)
);

-- Images the operator uploaded for mall rewards (png or jpeg, checked by their bytes), served at
-- /media/reward-images/<id> so every instance answers them from the database.
CREATE TABLE reward_image (
  id            uuid PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes         bytea NOT NULL,
  size          int NOT NULL CHECK (size > 0),
  uploaded_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- The operator's hold policy for referral rewards: on, every claim is held for review (rewards
-- tied to the inviter by address, device or payout account are held either way).
ALTER TABLE referral_rule ADD COLUMN review_all boolean NOT NULL DEFAULT false;
