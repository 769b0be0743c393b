-- Anti-money-laundering (modules/aml/README.md): per-brand monitoring rules evaluated after money
-- moves, the cases their hits open with an append-only history, and the screening lists
-- (sanctions, PEP, the brand's restricted persons) members are checked against.

-- A brand's setting of one rule; a kind without a row runs with the defaults in aml-rules.ts.
-- amount: minor units; percent: LITTLE_PLAY's stake share, STRUCTURING's band below the threshold;
-- count: SHARED_*'s allowed members, STRUCTURING's deposits.
CREATE TABLE aml_rule (
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('LARGE_TRANSACTION', 'CUMULATIVE_DEPOSITS', 'LITTLE_PLAY',
                   'SHARED_PAYOUT_ACCOUNT', 'SHARED_DEVICE', 'STRUCTURING')),
  enabled        boolean NOT NULL DEFAULT true,
  amount         bigint CHECK (amount > 0),
  window_hours   int CHECK (window_hours BETWEEN 1 AND 8760),
  percent        int CHECK (percent BETWEEN 1 AND 100),
  count          int CHECK (count BETWEEN 1 AND 1000),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text,
  PRIMARY KEY (merchant_code, kind)
);

-- Which money movements (D:<deposit id>, W:<withdrawal id>) and registrations (R:<member id>) have
-- been evaluated: written with the cases they open, so an evaluation runs once however often the
-- after-commit call and the sweep race, and the sweep finds what a crash left unevaluated.
CREATE TABLE aml_evaluation (
  subject        text PRIMARY KEY,
  merchant_code  text NOT NULL,
  evaluated_at   timestamptz NOT NULL DEFAULT now(),
  hits           int NOT NULL DEFAULT 0
);

CREATE TABLE aml_case (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL REFERENCES merchant (code),
  member_id       bigint NOT NULL REFERENCES member (id),
  rule            text NOT NULL CHECK (rule IN ('LARGE_TRANSACTION', 'CUMULATIVE_DEPOSITS', 'LITTLE_PLAY',
                    'SHARED_PAYOUT_ACCOUNT', 'SHARED_DEVICE', 'STRUCTURING', 'SCREENING')),
  -- What the hit is about: DEPOSIT:<orderNo>, WITHDRAWAL:<orderNo>, WINDOW, PAYOUT:<account>,
  -- DEVICE:<id>, LIST:<kind>. One open case per member, rule and subject.
  subject         text NOT NULL,
  state           text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'CLEARED', 'FROZEN', 'REPORTED')),
  assignee        text,
  -- The rule's figures at the hit (threshold, sum, count, matched list entries...).
  detail          jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The movements that triggered it: [{kind, orderNo, amount (minor units, text), at}].
  transactions    jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A screening hit on a SANCTIONS or RESTRICTED list blocked deposits and betting until decided.
  blocked         boolean NOT NULL DEFAULT false,
  decision_reason text,
  decided_by      text,
  decided_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'OPEN') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX aml_case_open ON aml_case (member_id, rule, subject) WHERE state = 'OPEN';
CREATE INDEX aml_case_queue ON aml_case (merchant_code, state, created_at);
CREATE INDEX aml_case_decided ON aml_case (merchant_code, state, decided_at);

-- Every event of a case (opened, triggered again, assigned, note, decided), never rewritten.
CREATE TABLE aml_case_note (
  id         bigserial PRIMARY KEY,
  case_id    bigint NOT NULL REFERENCES aml_case (id),
  at         timestamptz NOT NULL DEFAULT now(),
  kind       text NOT NULL CHECK (kind IN ('OPENED', 'TRIGGERED', 'ASSIGNED', 'NOTE', 'DECIDED')),
  actor      text NOT NULL,
  body       text NOT NULL DEFAULT '',
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX aml_case_note_case ON aml_case_note (case_id, id);

CREATE FUNCTION aml_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the AML case history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER aml_case_note_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON aml_case_note
  FOR EACH STATEMENT EXECUTE FUNCTION aml_history_append_only();

-- The screening lists a brand uploads; name_key is the normalised name matching compares.
CREATE TABLE aml_list_entry (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  list_kind      text NOT NULL CHECK (list_kind IN ('SANCTIONS', 'PEP', 'RESTRICTED')),
  name           text NOT NULL,
  name_key       text NOT NULL,
  date_of_birth  text CHECK (date_of_birth ~ '^\d{4}-\d{2}-\d{2}$'),
  country        text,
  uploaded_at    timestamptz NOT NULL DEFAULT now(),
  uploaded_by    text NOT NULL
);
CREATE INDEX aml_list_entry_key ON aml_list_entry (merchant_code, name_key);

-- What the sweep scans every minute: the last days' credited deposits, withdrawals and sign-ups.
CREATE INDEX aml_sweep_deposit ON deposit (updated_at) WHERE status IN ('APPROVED', 'ARRIVED');
CREATE INDEX aml_sweep_withdrawal ON withdrawal (created_at);
CREATE INDEX aml_sweep_member ON member (created_at);
