-- Player protection, second part (modules/protection/README.md): the brand asks the date of birth
-- at sign-up; a member picks the interval of their reality checks.

-- Whether the sign-up form asks the date of birth (then required, and checked against min_age).
ALTER TABLE protection_settings ADD COLUMN ask_birth_date boolean NOT NULL DEFAULT false;

-- The member's own reality-check interval; without a row the brand's reality_check_minutes applies.
-- Each check shown and the member's answer are kept in protection_event ('reality.check').
CREATE TABLE protection_preference (
  member_id             bigint PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_code         text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  reality_check_minutes int CHECK (reality_check_minutes BETWEEN 5 AND 240),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- The reports count reality checks per brand and answer.
CREATE INDEX protection_event_brand_action ON protection_event (merchant_code, action, at);
