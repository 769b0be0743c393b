-- Members, sessions and everything login, registration and recovery need (identity issue).

ALTER TABLE merchant
  ADD COLUMN password_expiry_days integer CHECK (password_expiry_days > 0),
  ADD COLUMN enforce_password_expiry boolean NOT NULL DEFAULT false;

CREATE TABLE member (
  id                    bigserial PRIMARY KEY,
  merchant_code         text NOT NULL REFERENCES merchant (code),
  -- Usernames are case-insensitive: kept in lower case.
  username              text NOT NULL CHECK (username = lower(username)),
  password_hash         text NOT NULL,
  payment_password_hash text,
  nickname              text NOT NULL DEFAULT '',
  payee_name            text,
  email                 text,
  country_dialing_code  text,
  mobile_num            text,
  qq_num                text,
  line                  text,
  whatsapp              text,
  facebook              text,
  wechat                text,
  id_number             text,
  recommender_id        text,
  is_agent              smallint NOT NULL DEFAULT 0 CHECK (is_agent IN (0, 1, 2, 4, 41, 42)),
  upline_id             bigint REFERENCES member (id),
  affiliate_code        text,
  referral_code         text NOT NULL,
  register_method       text NOT NULL DEFAULT 'WEB',
  register_ip           text,
  register_url          text,
  register_domain       text,
  status                text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  -- Set when someone else chose the password (agent sub-account, operator reset, e-mailed temporary password).
  must_change_password  boolean NOT NULL DEFAULT false,
  password_changed_at   timestamptz NOT NULL DEFAULT now(),
  totp_secret           text,
  totp_enabled          boolean NOT NULL DEFAULT false,
  login_count           integer NOT NULL DEFAULT 0,
  last_login_at         timestamptz,
  last_login_ip         text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, username),
  UNIQUE (merchant_code, referral_code),
  CHECK ((mobile_num IS NULL) = (country_dialing_code IS NULL)),
  CHECK (totp_enabled = false OR totp_secret IS NOT NULL)
);
CREATE UNIQUE INDEX member_mobile_key ON member (merchant_code, country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE UNIQUE INDEX member_affiliate_key ON member (merchant_code, affiliate_code) WHERE affiliate_code IS NOT NULL;
CREATE INDEX member_upline_idx ON member (upline_id);

-- Session and remember tokens: only their SHA-256 is stored.
CREATE TABLE member_session (
  id            bigserial PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('SESSION', 'REMEMBER')),
  token_hash    text NOT NULL UNIQUE,
  ip            text NOT NULL,
  device        text NOT NULL DEFAULT '',
  user_agent    text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX member_session_live_idx ON member_session (member_id) WHERE revoked_at IS NULL;

CREATE TABLE login_event (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint REFERENCES member (id) ON DELETE CASCADE,
  at            timestamptz NOT NULL DEFAULT now(),
  ip            text NOT NULL,
  device        text NOT NULL DEFAULT '',
  user_agent    text NOT NULL DEFAULT '',
  method        text NOT NULL,
  success       boolean NOT NULL,
  reason        text
);
CREATE INDEX login_event_member_idx ON login_event (member_id, at DESC);

CREATE TABLE member_known_ip (
  member_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  ip            text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

-- SMS and e-mail codes: salted hash, expiry, single use, limited tries.
CREATE TABLE verification_code (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  purpose       text NOT NULL CHECK (purpose IN ('REGISTER', 'LOGIN', 'RESET', 'MOBILE', 'EXTRA')),
  channel       text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  target        text NOT NULL,
  code_hash     text NOT NULL,
  tries         integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  ip            text NOT NULL
);
CREATE INDEX verification_code_target_idx ON verification_code (merchant_code, channel, purpose, target, created_at DESC);

-- Captcha answers, bound to the requesting client address; the newest one counts, once.
CREATE TABLE captcha_challenge (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  requester     text NOT NULL,
  answer_hash   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX captcha_requester_idx ON captcha_challenge (merchant_code, requester, created_at DESC);

-- Fixed-window counters for rate limits and lockouts, shared by every instance.
CREATE TABLE rate_counter (
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- A password login from a new IP waiting for its extra verification.
CREATE TABLE pending_login (
  token_hash    text PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  ip            text NOT NULL,
  remember      boolean NOT NULL DEFAULT false,
  tries         integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

-- Temporary passwords sent by e-mail: valid beside the real password until used or expired.
CREATE TABLE password_reset (
  id            bigserial PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  temp_hash     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

-- What would go out by SMS or e-mail. Filled only outside production; read through /wps/dev/outbox.
CREATE TABLE dev_outbox (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  channel       text NOT NULL,
  target        text NOT NULL,
  body          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
