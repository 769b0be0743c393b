-- Players in the back office: the operator's blocks and tags on a member, staff notes, and the
-- indexes the player search needs (prefix search on every field an operator types in).

ALTER TABLE member
  ADD COLUMN block_login      boolean NOT NULL DEFAULT false,
  ADD COLUMN block_deposit    boolean NOT NULL DEFAULT false,
  ADD COLUMN block_withdrawal boolean NOT NULL DEFAULT false,
  ADD COLUMN block_betting    boolean NOT NULL DEFAULT false,
  ADD COLUMN tags             text[] NOT NULL DEFAULT '{}';

-- Append-only: a note is never edited or deleted (the audit log records who wrote it).
CREATE TABLE member_note (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  author        text NOT NULL,
  body          text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_note_member_idx ON member_note (member_id, id DESC);

-- Search: newest first is id order within a brand; every prefix search is a range scan on
-- (merchant_code, value text_pattern_ops) so LIKE 'abc%' uses the index whatever the collation.
CREATE INDEX member_brand_newest_idx ON member (merchant_code, id DESC);
CREATE INDEX member_username_prefix_idx ON member (merchant_code, username text_pattern_ops);
CREATE INDEX member_email_prefix_idx ON member (merchant_code, lower(email) text_pattern_ops)
  WHERE email IS NOT NULL;
CREATE INDEX member_mobile_prefix_idx ON member (merchant_code, mobile_num text_pattern_ops)
  WHERE mobile_num IS NOT NULL;
-- The number as dialled internationally: the dialing code is stored without '+', then the number.
CREATE INDEX member_full_mobile_prefix_idx
  ON member (merchant_code, (country_dialing_code || mobile_num) text_pattern_ops)
  WHERE mobile_num IS NOT NULL;
CREATE INDEX member_payee_prefix_idx ON member (merchant_code, lower(payee_name) text_pattern_ops)
  WHERE payee_name IS NOT NULL;
CREATE INDEX member_register_ip_prefix_idx ON member (merchant_code, register_ip text_pattern_ops)
  WHERE register_ip IS NOT NULL;
CREATE INDEX member_last_login_ip_prefix_idx ON member (merchant_code, last_login_ip text_pattern_ops)
  WHERE last_login_ip IS NOT NULL;
CREATE INDEX member_register_device_prefix_idx ON member (merchant_code, register_device text_pattern_ops)
  WHERE register_device IS NOT NULL;
CREATE INDEX member_affiliate_prefix_idx ON member (merchant_code, lower(affiliate_code) text_pattern_ops)
  WHERE affiliate_code IS NOT NULL;
CREATE INDEX login_event_ip_prefix_idx ON login_event (merchant_code, ip text_pattern_ops, member_id);
CREATE INDEX login_event_device_prefix_idx ON login_event (merchant_code, device text_pattern_ops, member_id)
  WHERE device <> '';
-- An upline's downlines newest first; locked and blocked members newest first (few of them);
-- members of a VIP level.
CREATE INDEX member_upline_newest_idx ON member (upline_id, id DESC) WHERE upline_id IS NOT NULL;
CREATE INDEX member_locked_newest_idx ON member (merchant_code, id DESC) WHERE status = 'DISABLED';
CREATE INDEX member_blocked_newest_idx ON member (merchant_code, id DESC)
  WHERE block_login OR block_deposit OR block_withdrawal OR block_betting;
CREATE INDEX member_vip_level_idx ON member_vip (merchant_code, level, member_id);
