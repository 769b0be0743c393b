-- Promotions set up by operators: eligibility beyond the VIP minimum, budgets and caps counted at
-- claim time, the kill switch, and the terms each participation was taken on.

ALTER TABLE promotion
  -- Members above this level may not take part (null: no upper bound).
  ADD COLUMN max_vip_level integer CHECK (max_vip_level >= 0),
  -- Only members registered at most this many days before they take part (null: every member).
  ADD COLUMN new_member_days integer CHECK (new_member_days > 0 AND new_member_days <= 365),
  -- Caps, minor units: the promotion's whole budget, what one member may get from it over its run,
  -- and how many bonuses it pays. budget_used and claims_count are raised in the transaction that
  -- pays a bonus, by a conditional UPDATE of this row, so two payments cannot pass a cap together.
  ADD COLUMN budget_total bigint CHECK (budget_total > 0),
  ADD COLUMN per_member_cap bigint CHECK (per_member_cap > 0),
  ADD COLUMN max_claims integer CHECK (max_claims > 0),
  ADD COLUMN budget_used bigint NOT NULL DEFAULT 0 CHECK (budget_used >= 0),
  ADD COLUMN claims_count integer NOT NULL DEFAULT 0 CHECK (claims_count >= 0),
  -- The kill switch: set, the promotion takes no new join, claim, check-in, draw or application
  -- and pays no new bonus; what members were paid stays theirs.
  ADD COLUMN killed_at timestamptz,
  ADD COLUMN killed_by text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  -- An image per language (its URL); a language without one shows image_path.
  ADD COLUMN images jsonb NOT NULL DEFAULT '{}',
  ADD CONSTRAINT promotion_vip_range CHECK (max_vip_level IS NULL OR max_vip_level >= min_vip_level),
  ADD CONSTRAINT promotion_budget_kept CHECK (budget_total IS NULL OR budget_used <= budget_total),
  ADD CONSTRAINT promotion_claims_kept CHECK (max_claims IS NULL OR claims_count <= max_claims);

-- What was paid before budgets were counted.
UPDATE promotion p
   SET budget_used = s.total, claims_count = s.n
  FROM (SELECT promotion_id, sum(amount) AS total, count(*)::int AS n
          FROM promotion_participation WHERE amount IS NOT NULL GROUP BY promotion_id) s
 WHERE s.promotion_id = p.id;

-- The promotion's figures when the member joined or applied (minor units as text, like the
-- ledger's memo): the bonus is worked out from these, so an operator's later edit applies to new
-- participations only.
ALTER TABLE promotion_participation ADD COLUMN terms jsonb;
UPDATE promotion_participation x
   SET terms = jsonb_build_object(
         'minDeposit', p.min_deposit::text,
         'bonusRateBp', p.bonus_rate_bp,
         'maxBonus', p.max_bonus::text,
         'bonusAmount', p.bonus_amount::text,
         'turnoverMultiple', p.turnover_multiple)
  FROM promotion p
 WHERE p.id = x.promotion_id;

-- Promotion images uploaded in the back office (PNG or JPEG, checked from their bytes), served
-- publicly by id; a promotion's image_path or images point at them.
CREATE TABLE promotion_image (
  id             uuid PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code),
  content_type   text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes          bytea NOT NULL,
  size           integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  created_by     text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
