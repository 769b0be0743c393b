-- Payment providers behind one adapter seam (modules/cashier/README.md): a channel names its
-- provider (gateway) and the provider's own code of the channel; an ONLINE order keeps what the
-- provider answered when it was asked to collect (its reference and how the member pays); every
-- provider notification is recorded once by its event id, with what it did.

ALTER TABLE payment_channel
  -- The provider's code of the channel (GCASH, QRPH, BPI_VIRTUAL_ACCOUNT ...); null for BANK.
  ADD COLUMN provider_channel text CHECK (provider_channel ~ '^[A-Z0-9_]{2,64}$'),
  -- A path or https URL of the channel's logo, shown in the cashier.
  ADD COLUMN logo text CHECK (length(logo) <= 300);

ALTER TABLE deposit
  -- The provider's id of the collection (Xendit's payment_request_id; the order number for DEMO).
  ADD COLUMN provider_ref text,
  -- How the member pays: {kind: REDIRECT, url} | {kind: QR, qr} | {kind: VIRTUAL_ACCOUNT, bank, accountNo, accountName}.
  ADD COLUMN pay_action jsonb,
  -- When the provider stops accepting this payment (null: not said).
  ADD COLUMN pay_expires_at timestamptz,
  -- The currency the provider was asked to collect in (ISO 4217; null: the provider takes none, as the demo).
  ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');

-- The provider's own status word (SUCCESS, SUCCEEDED, EXPIRED, AMOUNT_MISMATCH ...), no longer a pair.
ALTER TABLE deposit DROP CONSTRAINT IF EXISTS deposit_provider_status_check;
ALTER TABLE deposit ADD CONSTRAINT deposit_provider_status_format CHECK (length(provider_status) <= 40);

-- Open demo orders made before adapters pay on the same page as before.
UPDATE deposit d
   SET provider_ref = d.order_no,
       pay_action = jsonb_build_object('kind', 'REDIRECT', 'url', '/gateway/demo/' || d.order_no)
  FROM payment_channel c
 WHERE c.id = d.channel_id AND c.kind = 'ONLINE' AND c.gateway = 'DEMO' AND d.status = 'PENDING';

-- The reconciliation pass looks for open ONLINE orders by age.
CREATE INDEX deposit_open_online_idx ON deposit (created_at) WHERE status = 'PENDING' AND provider_ref IS NOT NULL;

-- Every verified provider notification (and every reconciliation answer that settled an order),
-- once per provider and event id: a repeat finds its row and moves nothing.
CREATE TABLE deposit_provider_event (
  gateway        text NOT NULL,
  event_id       text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  merchant_code  text NOT NULL,
  order_no       text NOT NULL,
  provider_ref   text NOT NULL,
  provider_status text NOT NULL,
  amount         bigint NOT NULL,
  currency       text,
  -- APPLIED (settled the order), SEEN (nothing to change), MISMATCH (amount or currency differs:
  -- nothing credited, for an operator), CONFLICT (contradicts the order's final state).
  outcome        text NOT NULL CHECK (outcome IN ('APPLIED', 'SEEN', 'MISMATCH', 'CONFLICT')),
  received_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, event_id)
);
CREATE INDEX deposit_provider_event_order_idx ON deposit_provider_event (order_no);
