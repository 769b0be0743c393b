-- Keys of the two payload schemes. The real clients' legacy scheme uses textbook RSA (no padding),
-- so it gets a key pair of its own: raw RSA on the modern (OAEP) key would hand an attacker a
-- decryption oracle for it. Legacy keys rotate; a sealed value is only valid while its key is.
ALTER TABLE crypto_key
  ADD COLUMN scheme text NOT NULL DEFAULT 'MODERN' CHECK (scheme IN ('MODERN', 'LEGACY'));
CREATE INDEX crypto_key_scheme_created ON crypto_key (scheme, created_at DESC);

-- Legacy Encryption values already used (a digest of the key id and the client's random string):
-- a replay within the key's validity is refused. Rows outlive their key's validity, then are pruned.
CREATE TABLE legacy_payload_seen (
  digest  bytea PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX legacy_payload_seen_at ON legacy_payload_seen (seen_at);

-- The GeeTest captcha id of brands that use GeeTest (null: the brand does not).
ALTER TABLE merchant ADD COLUMN geetest_id text CHECK (geetest_id ~ '^[A-Za-z0-9]{8,64}$');

-- One append-only log of operator actions, written in the same transaction as the change.
CREATE TABLE audit_log (
  id            bigserial PRIMARY KEY,
  actor         text NOT NULL,
  actor_kind    text NOT NULL CHECK (actor_kind IN ('STAFF', 'API_KEY', 'CLI')),
  role          text,
  merchant_code text REFERENCES merchant (code),
  action        text NOT NULL,
  target        text,
  before        jsonb,
  after         jsonb,
  ip            text,
  user_agent    text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_merchant_created ON audit_log (merchant_code, created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
