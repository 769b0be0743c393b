-- Agent centre: the team tree and the reports over it.
--
-- The tree is member.upline_id (set at registration from the affiliate or referral code, or by
-- the agent creating a sub-account; indexed by member_upline_idx since migration 0002). Team
-- queries walk it with recursive CTEs rather than keeping a closure table or a path column: an
-- upline never changes after sign-up, agent trees are a few levels deep, and a walk down over the
-- upline index (or up over the primary key, for "is this member in my team") costs one index probe
-- per member of the team, while a closure or path would need every insert path (registration,
-- free play, seed, tests inserting rows directly) to maintain it and could go stale. Should teams
-- grow to where that matters, a path column can be added then, filled from the same walk.

-- A member is never its own upline (a loop would make every walk stop only at its depth limit).
ALTER TABLE member ADD CONSTRAINT member_upline_not_self CHECK (upline_id IS NULL OR upline_id <> id);

-- Team betting, profit and loss and the overview's turnover sum settled bets per member by
-- settlement time (bet_record_member_idx is by placement time).
CREATE INDEX bet_record_member_settled_idx ON bet_record (member_id, settled_at) WHERE status = 'SETTLED';
