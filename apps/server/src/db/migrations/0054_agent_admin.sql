-- Back office for agents: contract templates operators grant top agents from, and moves of a
-- member (with its team) to another upline, effective from a date.

-- A named set of contract terms per brand (kind, period, tiers as the grant takes them). Granting
-- from a template copies its terms into the contract: editing the template later changes no
-- contract already granted.
CREATE TABLE agent_contract_template (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  kind          text NOT NULL CHECK (kind IN ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
  period        text NOT NULL CHECK (period IN ('D', 'W', 'H', 'SM', 'M')),
  -- [{minAmount: minor units as text, minActive, rateBp}], rising (checked by the service).
  tiers         jsonb NOT NULL,
  max_rate_bp   integer NOT NULL CHECK (max_rate_bp > 0 AND max_rate_bp <= 10000),
  updated_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT agent_contract_template_name_unique UNIQUE (merchant_code, name)
);

-- Every change of a member's upline made by an operator. member.upline_id holds the upline now;
-- these rows say who the upline was before each move, so settlement counts a bet under the upline
-- the member had when the bet settled: before effective_at the from side, from it the to side.
-- effective_at is never before the end of a period already settled for either side (the service
-- checks it under lock), so no settled line changes meaning.
CREATE TABLE agent_move (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL REFERENCES merchant (code),
  member_id       bigint NOT NULL REFERENCES member (id),
  from_upline_id  bigint REFERENCES member (id),
  to_upline_id    bigint NOT NULL REFERENCES member (id),
  effective_at    timestamptz NOT NULL,
  reason          text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  moved_by        text NOT NULL,
  -- Contracts the move ended (the member's from its old upline, and those they capped).
  contracts_ended integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT agent_move_not_self CHECK (to_upline_id <> member_id)
);
CREATE INDEX agent_move_member_idx ON agent_move (member_id, effective_at);
CREATE INDEX agent_move_to_idx ON agent_move (to_upline_id);
CREATE INDEX agent_move_from_idx ON agent_move (from_upline_id);
CREATE INDEX agent_move_merchant_idx ON agent_move (merchant_code, id DESC);
