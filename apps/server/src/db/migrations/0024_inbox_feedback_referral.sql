-- Inbox deletion, operator notices, feedback and the referral programme.

-- A member deletes a message from their inbox: hidden from the member, kept for the record.
ALTER TABLE member_message ADD COLUMN deleted_at timestamptz;
DROP INDEX member_message_member_idx;
CREATE INDEX member_message_member_idx ON member_message (member_id, id DESC) WHERE deleted_at IS NULL;

-- Feedback a member sends (SPEC section 5: at most 140 characters, up to 3 png/jpg images); an
-- operator reads it and may answer (the answer reaches the member's inbox).
CREATE TABLE feedback (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  member_id     bigint NOT NULL REFERENCES member (id),
  -- The member's request id: a retried submission finds this row instead of sending twice.
  request_id    text NOT NULL,
  category      text NOT NULL CHECK (category IN ('SUGGESTION', 'COMPLAINT', 'PAYMENT', 'GAME', 'OTHER')),
  content       text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 140),
  image_ids     uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_ids) <= 3),
  reply         text,
  replied_by    text,
  replied_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
CREATE INDEX feedback_member_idx ON feedback (member_id, id DESC);
CREATE INDEX feedback_open_idx ON feedback (merchant_code, id) WHERE replied_at IS NULL;

-- Who invited a member with a referral code (the invite link). Unlike upline_id (an affiliate
-- agent's tree, which a referral also joins when no agent code was given), this is only ever the
-- inviting member, and it is what the referral programme rewards.
ALTER TABLE member ADD COLUMN referrer_id bigint REFERENCES member (id);
ALTER TABLE member ADD CONSTRAINT member_referrer_not_self CHECK (referrer_id IS NULL OR referrer_id <> id);
CREATE INDEX member_referrer_idx ON member (referrer_id) WHERE referrer_id IS NOT NULL;

-- A brand's referral programme: a friend who registered with a member's code and whose first
-- credited deposit, within `qualify_days` of registering, is at least `min_first_deposit` earns
-- the inviting member `reward` (claimed in the reward centre or on the invite page), with a
-- turnover requirement of reward x turnover_multiple.
CREATE TABLE referral_rule (
  merchant_code     text PRIMARY KEY REFERENCES merchant (code),
  enabled           boolean NOT NULL DEFAULT true,
  min_first_deposit bigint NOT NULL CHECK (min_first_deposit > 0),
  reward            bigint NOT NULL CHECK (reward > 0),
  turnover_multiple int NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
  qualify_days      int NOT NULL DEFAULT 30 CHECK (qualify_days BETWEEN 1 AND 366),
  -- Rewards one member may earn in a brand-zone month (a brake on self-referral farms).
  monthly_limit     int NOT NULL DEFAULT 50 CHECK (monthly_limit > 0)
);

-- One reward per invited friend, ever (the ledger reference REFERRAL:<friend id> says the same).
CREATE TABLE referral_reward (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  referrer_id   bigint NOT NULL REFERENCES member (id),
  friend_id     bigint NOT NULL UNIQUE REFERENCES member (id),
  amount        bigint NOT NULL CHECK (amount > 0),
  entry_id      bigint NOT NULL REFERENCES ledger_entry (id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_reward_referrer_idx ON referral_reward (referrer_id, created_at);
