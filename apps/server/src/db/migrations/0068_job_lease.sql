-- Background jobs run once across instances: each job's lease names the instance running it and
-- until when. An instance takes a lease that has expired (its holder died or shut down) or that
-- it holds already, and renews it while a pass runs; every other instance skips the job. A pass
-- that crashes leaves the lease to expire and the next instance to take it runs the job again:
-- every job is written to resume its own unfinished work.
CREATE TABLE job_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- What the operator and the metrics see: the last pass of the job, on whichever instance.
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  runs bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0
);
