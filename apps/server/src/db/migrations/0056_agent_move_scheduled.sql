-- Moves of a member to another upline that take effect at a future time. Until then the row is
-- SCHEDULED: member.upline_id is unchanged and settlement ignores the row (it reads only APPLIED
-- moves). At its time a job claims it (FOR UPDATE SKIP LOCKED, so two instances never apply one
-- twice), re-runs the move's checks and either applies it (APPLIED: upline changed, contracts
-- from the old upline ended at effective_at) or records why not (FAILED, nothing changed). Staff may
-- cancel it before then (CANCELLED). Moves made before this migration were all applied at once.
ALTER TABLE agent_move
  ADD COLUMN status text NOT NULL DEFAULT 'APPLIED'
    CHECK (status IN ('SCHEDULED', 'APPLIED', 'CANCELLED', 'FAILED')),
  -- Team members moving with the member (at scheduling, then as applied).
  ADD COLUMN team_size integer NOT NULL DEFAULT 0,
  ADD COLUMN applied_at timestamptz,
  ADD COLUMN cancelled_by text,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 200),
  -- Why a scheduled move could not be applied: an error code and its parameters (shown translated).
  ADD COLUMN failure_code text,
  ADD COLUMN failure_params jsonb;

UPDATE agent_move SET applied_at = created_at;

-- One pending move per member: a second is refused while the first waits.
CREATE UNIQUE INDEX agent_move_one_scheduled ON agent_move (member_id) WHERE status = 'SCHEDULED';
-- The job's look-up of due moves.
CREATE INDEX agent_move_due_idx ON agent_move (effective_at) WHERE status = 'SCHEDULED';
