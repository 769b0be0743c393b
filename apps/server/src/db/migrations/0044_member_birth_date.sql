-- A member's date of birth: asked at registration where the brand has a minimum age to check,
-- and confirmed from the identity document when staff verify the member. Kept as yyyy-mm-dd
-- text so no driver turns it into a midnight in some time zone; the cast rejects 2001-02-30.
ALTER TABLE member ADD COLUMN date_of_birth text
  CHECK (date_of_birth ~ '^\d{4}-\d{2}-\d{2}$' AND date_of_birth::date <= current_date);
ALTER TABLE member ADD COLUMN date_of_birth_verified_at timestamptz;
