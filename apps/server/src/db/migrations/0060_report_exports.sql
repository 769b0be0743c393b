-- Exports of reports to CSV or XLSX (modules/reports/README.md, "Exports"): one row per export a
-- staff member asks for, made by a background job that streams the report into chunks of at
-- most 1 MB, so neither the job nor a download ever holds a whole file. Files expire after 7 days
-- (the rows stay, without their chunks, as the record of what was exported).
CREATE TABLE report_export (
  id             bigserial PRIMARY KEY,
  -- The brand it was asked on (its exports list); scope_all: every brand's figures.
  merchant_code  text NOT NULL,
  scope_all      boolean NOT NULL DEFAULT false,
  -- The report source's name (e.g. business.games) and its query as the staff member sent it.
  report         text NOT NULL,
  format         text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  query          jsonb NOT NULL,
  from_day       date NOT NULL,
  to_day         date NOT NULL,
  requested_by   text NOT NULL,
  status         text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  -- Rows written so far, and the report's row count when it is cheaply known.
  rows_written   bigint NOT NULL DEFAULT 0,
  rows_total     bigint,
  bytes          bigint NOT NULL DEFAULT 0,
  chunks         integer NOT NULL DEFAULT 0,
  error          text,
  -- Each claim takes the next attempt number; a worker whose lease ran out (and whose export
  -- another took over) finds its attempt no longer current and stops writing.
  attempt        integer NOT NULL DEFAULT 0,
  lease_until    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  started_at     timestamptz,
  finished_at    timestamptz,
  expires_at     timestamptz
);
CREATE INDEX report_export_list_idx ON report_export (merchant_code, id DESC);
CREATE INDEX report_export_queue_idx ON report_export (id) WHERE status IN ('QUEUED', 'RUNNING');

CREATE TABLE report_export_chunk (
  export_id  bigint NOT NULL REFERENCES report_export (id) ON DELETE CASCADE,
  seq        integer NOT NULL,
  data       bytea NOT NULL,
  PRIMARY KEY (export_id, seq)
);
