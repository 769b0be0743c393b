-- Referral is not the agent hierarchy, and referral rewards get abuse checks.

-- A member who signed up with another member's referral code was linked under that member as if
-- it were an agent, so money could leave through "transfer to upline" to a referrer that is no
-- agent at all. The referrer stays in referrer_id (what the referral programme rewards); the link
-- is dropped where the upline is that same referrer and no agent type (1, 2, 41, 42). An agent's
-- own affiliate tree (upline set by an affiliate code or by the agent creating the account) keeps.
UPDATE member m
   SET upline_id = NULL
  FROM member u
 WHERE u.id = m.upline_id
   AND m.upline_id = m.referrer_id
   AND m.register_method <> 'AGENT'
   AND u.is_agent NOT IN (1, 2, 41, 42);

-- The client's device id (x-device-id header) at sign-up: two accounts made on one device.
ALTER TABLE member ADD COLUMN register_device text;
CREATE INDEX member_register_device_idx ON member (merchant_code, register_device)
  WHERE register_device IS NOT NULL;

-- A reward whose friend shares an IP address, a device or a payout account with the inviting
-- member is not paid but HELD for an operator, who pays it (PAID, with its ledger entry) or
-- REJECTED it. One row per friend either way, so a held reward cannot be claimed twice.
ALTER TABLE referral_reward ALTER COLUMN entry_id DROP NOT NULL;
ALTER TABLE referral_reward
  ADD COLUMN status text NOT NULL DEFAULT 'PAID' CHECK (status IN ('PAID', 'HELD', 'REJECTED')),
  -- The turnover the reward carries once paid (the rule's multiple when it was claimed).
  ADD COLUMN turnover_required bigint NOT NULL DEFAULT 0 CHECK (turnover_required >= 0),
  -- What matched: IP, DEVICE, PAYOUT_ACCOUNT.
  ADD COLUMN hold_reasons text[] NOT NULL DEFAULT '{}',
  ADD COLUMN reviewed_by text,
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reject_reason text,
  ADD CONSTRAINT referral_reward_paid_entry CHECK ((status = 'PAID') = (entry_id IS NOT NULL));
CREATE INDEX referral_reward_review_idx ON referral_reward (merchant_code, status, id);

-- Payout accounts looked up by number (another member's account with the same number).
CREATE INDEX payout_account_number_idx ON payout_account (merchant_code, account_no);
