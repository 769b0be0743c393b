-- A game ticket lives only as long as the session that launched it: logout, a password change
-- (which ends every session) or an expired session ends its tickets too. Tickets issued before
-- this have no session and are no longer accepted.
ALTER TABLE game_ticket ADD COLUMN session_id bigint REFERENCES member_session (id) ON DELETE CASCADE;

-- The launch URL carries a one-time code, not the ticket: a row is first a code (token_hash is the
-- code's hash, exchanged_at null, a short expiry); exchanging it gives the row the ticket's hash.
ALTER TABLE game_ticket ADD COLUMN exchanged_at timestamptz;
