-- Staff: the operator's people, separate from members. Every account needs a password and TOTP;
-- a new or reset account changes its one-time password and enrols TOTP at its first sign-in.
CREATE TABLE staff (
  id                   bigserial PRIMARY KEY,
  username             text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9][a-z0-9._-]{2,31}$'),
  display_name         text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 80),
  password_hash        text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT true,
  -- Base32 TOTP secret; set at enrolment, confirmed by a first code (totp_enrolled).
  totp_secret          text,
  totp_enrolled        boolean NOT NULL DEFAULT false,
  -- The last TOTP time step accepted: a code from that step or before is a replay.
  totp_last_step       bigint,
  failed_second_factor int NOT NULL DEFAULT 0,
  locked_until         timestamptz,
  disabled             boolean NOT NULL DEFAULT false,
  last_login_at        timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now()
);

-- One role per staff member per brand; merchant_code NULL: on every brand (a platform grant).
CREATE TABLE staff_grant (
  staff_id      bigint NOT NULL REFERENCES staff (id),
  merchant_code text REFERENCES merchant (code),
  role          text NOT NULL CHECK (role IN ('owner', 'finance', 'risk', 'support', 'content', 'agent_manager', 'auditor')),
  granted_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_grant_brand ON staff_grant (staff_id, merchant_code) WHERE merchant_code IS NOT NULL;
CREATE UNIQUE INDEX staff_grant_platform ON staff_grant (staff_id) WHERE merchant_code IS NULL;
CREATE INDEX staff_grant_merchant ON staff_grant (merchant_code);

-- One-time recovery codes (SHA-256 of a long random code), each used at most once.
CREATE TABLE staff_recovery_code (
  staff_id  bigint NOT NULL REFERENCES staff (id),
  code_hash bytea NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- A sign-in in progress: what the password opened, for one staff member, for ten minutes.
CREATE TABLE staff_challenge (
  token_hash bytea PRIMARY KEY,
  staff_id   bigint NOT NULL REFERENCES staff (id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_challenge_staff ON staff_challenge (staff_id);

-- Signed-in sessions (the cookie's token hashed); idle expiry slides, the absolute one does not.
CREATE TABLE staff_session (
  token_hash          bytea PRIMARY KEY,
  staff_id            bigint NOT NULL REFERENCES staff (id),
  csrf_token          text NOT NULL,
  idle_expires_at     timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  ip                  text,
  user_agent          text,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_session_staff ON staff_session (staff_id);

-- Keys for automation: the prefix is shown, the whole key is stored as SHA-256 (long random keys).
-- merchant_code NULL: every brand (only the CLI makes those).
CREATE TABLE api_key (
  id            bigserial PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix        text NOT NULL,
  key_hash      bytea NOT NULL UNIQUE,
  merchant_code text REFERENCES merchant (code),
  permissions   text[] NOT NULL,
  created_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX api_key_merchant ON api_key (merchant_code);

-- The addresses a brand's staff and keys may call from (IPs and CIDRs); empty: anywhere.
CREATE TABLE brand_security (
  merchant_code text PRIMARY KEY REFERENCES merchant (code),
  ip_allow_list text[] NOT NULL DEFAULT '{}',
  updated_by    text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX audit_log_merchant_actor ON audit_log (merchant_code, actor, created_at DESC);

-- Passkeys (WebAuthn) a staff member registered as a second factor.
CREATE TABLE staff_passkey (
  id            bigserial PRIMARY KEY,
  staff_id      bigint NOT NULL REFERENCES staff (id),
  credential_id text NOT NULL UNIQUE,
  public_key    bytea NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  transports    text[] NOT NULL DEFAULT '{}',
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX staff_passkey_staff ON staff_passkey (staff_id);
-- The WebAuthn challenge pending on a sign-in (passkey sign-in) or a session (passkey registration).
ALTER TABLE staff_challenge ADD COLUMN webauthn_challenge text;
ALTER TABLE staff_session ADD COLUMN webauthn_challenge text;
