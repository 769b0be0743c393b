-- Sessions that carry what the login decided, so the server (not only the client) enforces it.

-- A remember token belongs to the session it was issued with: logging out of that session
-- forgets the device as well, whether or not the client sends the remember token back.
ALTER TABLE member_session
  ADD COLUMN bound_session_id bigint REFERENCES member_session (id) ON DELETE CASCADE;
CREATE INDEX member_session_bound_idx ON member_session (bound_session_id)
  WHERE bound_session_id IS NOT NULL AND revoked_at IS NULL;

-- A session whose login required a password change (someone else chose the password, or it
-- expired where the brand enforces expiry) may only read its member, change the password and log
-- out. Changing the password ends every session, so the flag never needs clearing.
ALTER TABLE member_session ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
