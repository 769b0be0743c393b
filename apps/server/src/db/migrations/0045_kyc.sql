-- Identity verification (modules/kyc/README.md): the brand's rules for when a member must be
-- verified, the documents members upload (kept in the database, never at a public URL), each
-- submission and its decision, staff flags, and the append-only history members and staff see.

-- The brand's rules. A brand without a row uses the defaults below: no trigger, so nobody waits.
CREATE TABLE kyc_settings (
  merchant_code            text PRIMARY KEY REFERENCES merchant (code) ON DELETE CASCADE,
  -- Which documents a submission must include.
  required_documents       text[] NOT NULL DEFAULT '{ID_FRONT,SELFIE}'
    CHECK (required_documents <@ ARRAY['ID_FRONT', 'ID_BACK', 'SELFIE', 'PROOF_OF_ADDRESS'] AND cardinality(required_documents) > 0),
  -- Triggers: any one that holds makes a withdrawal wait until the member is approved.
  before_first_withdrawal  boolean NOT NULL DEFAULT false,
  -- Cumulative credited deposits (minor units) from which verification is required; null: off.
  deposit_threshold        bigint CHECK (deposit_threshold > 0),
  -- An approval lapses this many days after it was given.
  validity_days            int NOT NULL DEFAULT 365 CHECK (validity_days BETWEEN 1 AND 3650),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  updated_by               text
);

-- One submission: what the member declared; staff decide it once (PENDING -> APPROVED | REJECTED).
CREATE TABLE kyc_submission (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  member_id      bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  full_name      text NOT NULL CHECK (length(full_name) BETWEEN 2 AND 100),
  id_number      text NOT NULL CHECK (length(id_number) BETWEEN 3 AND 40),
  date_of_birth  text NOT NULL CHECK (date_of_birth ~ '^\d{4}-\d{2}-\d{2}$' AND date_of_birth::date <= current_date),
  -- The document's own expiry, if it has one: the approval lapses on it.
  id_expiry      text CHECK (id_expiry ~ '^\d{4}-\d{2}-\d{2}$' AND id_expiry::date > date '1900-01-01'),
  state          text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'APPROVED', 'REJECTED')),
  reason         text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz,
  decided_by     text,
  CHECK ((state = 'PENDING') = (decided_at IS NULL)),
  CHECK (state <> 'REJECTED' OR reason IS NOT NULL)
);
-- A member has at most one submission waiting for staff.
CREATE UNIQUE INDEX kyc_submission_pending ON kyc_submission (member_id) WHERE state = 'PENDING';
CREATE INDEX kyc_submission_member ON kyc_submission (member_id, id DESC);
CREATE INDEX kyc_submission_queue ON kyc_submission (merchant_code, state, created_at);

-- The uploaded images: a draft until a submission takes it (submission_id set once).
CREATE TABLE kyc_document (
  id             uuid PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  member_id      bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  submission_id  bigint REFERENCES kyc_submission (id),
  kind           text NOT NULL CHECK (kind IN ('ID_FRONT', 'ID_BACK', 'SELFIE', 'PROOF_OF_ADDRESS')),
  content_type   text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes          bytea NOT NULL,
  size           int NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_document_member ON kyc_document (member_id, created_at DESC);
CREATE INDEX kyc_document_submission ON kyc_document (submission_id);

-- Staff's "require verification" flag on a member; an approval given after it satisfies it.
CREATE TABLE kyc_flag (
  member_id      bigint PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  reason         text NOT NULL,
  set_by         text NOT NULL,
  set_at         timestamptz NOT NULL DEFAULT now()
);

-- Every submission, decision and flag change, as the member and staff see it in the history.
CREATE TABLE kyc_event (
  id             bigserial PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES member (id),
  merchant_code  text NOT NULL,
  submission_id  bigint,
  at             timestamptz NOT NULL DEFAULT now(),
  action         text NOT NULL CHECK (action IN ('SUBMITTED', 'APPROVED', 'REJECTED', 'FLAGGED', 'UNFLAGGED')),
  reason         text,
  -- MEMBER, or the staff member who acted.
  actor          text NOT NULL
);
CREATE INDEX kyc_event_member ON kyc_event (member_id, id DESC);

CREATE FUNCTION kyc_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the verification history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER kyc_event_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON kyc_event
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_history_append_only();

-- A withdrawal asked for while the member had to be verified first: its money is held like any
-- pending withdrawal's, but no payment is made until an approval clears this (the trigger that
-- held it: FIRST_WITHDRAWAL, DEPOSITS or FLAGGED).
ALTER TABLE withdrawal ADD COLUMN kyc_wait text
  CHECK (kyc_wait IN ('FIRST_WITHDRAWAL', 'DEPOSITS', 'FLAGGED'));
CREATE INDEX withdrawal_kyc_wait ON withdrawal (member_id) WHERE kyc_wait IS NOT NULL;
