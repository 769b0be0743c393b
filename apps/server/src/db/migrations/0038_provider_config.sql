-- Integrations (modules/integrations/README.md): which game aggregators and payment providers a
-- brand has switched on, with their settings and credentials. Credentials are sealed with
-- AES-256-GCM by the server (PROVIDER_SECRETS_KEY) before they reach this table: a copy of the
-- database alone gives no usable key.
CREATE TABLE provider_config (
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  -- The provider's code as the server's registry names it (HUB88, XENDIT, DEMO ...).
  provider       text NOT NULL CHECK (provider ~ '^[A-Z0-9_]{2,32}$'),
  kind           text NOT NULL CHECK (kind IN ('GAME', 'PAYMENT')),
  enabled        boolean NOT NULL DEFAULT false,
  -- What is not secret: base URLs, operator or business ids, currencies, channel lists.
  settings       jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- 'v1.<key id>.<iv>.<tag>.<ciphertext>' (base64url) of a JSON object of secret fields; null: none.
  secrets_sealed text,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text,
  PRIMARY KEY (merchant_code, provider)
);

-- A vendor's adapter is any registered integration, no longer a closed pair.
ALTER TABLE vendor DROP CONSTRAINT IF EXISTS vendor_adapter_check;
ALTER TABLE vendor ADD CONSTRAINT vendor_adapter_format CHECK (adapter ~ '^[A-Z0-9_]{2,32}$');
