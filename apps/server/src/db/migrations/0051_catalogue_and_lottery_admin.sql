-- How each lottery result was drawn: the generator and every value it returned, in order, with the
-- range asked for ({generator, drawnAt, calls: [[range, value], ...]}). Replaying the values
-- through the table's drawing rule gives the stored result, so staff can show a draw was the
-- generator's and not typed in. Written with the result, once; null for draws drawn before.
ALTER TABLE lottery_draw ADD COLUMN rng_record jsonb;


-- A brand's house card rooms and baccarat tables it has closed (no row: open). A closed room or
-- table leaves the brand's lobby and takes no new seat or bet; hands and rounds already played on
-- it are dealt and settled as usual.
CREATE TABLE house_room_setting (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  engine        text NOT NULL CHECK (engine IN ('CARDS', 'BACCARAT')),
  room_id       text NOT NULL,
  enabled       boolean NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, engine, room_id)
);
