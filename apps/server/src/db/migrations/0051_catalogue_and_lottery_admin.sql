-- How each lottery result was drawn: the generator and every value it returned, in order, with the
-- range asked for ({generator, drawnAt, calls: [[range, value], ...]}). Replaying the values
-- through the table's drawing rule gives the stored result, so staff can show a draw was the
-- generator's and not typed in. Written with the result, once; null for draws drawn before.
ALTER TABLE lottery_draw ADD COLUMN rng_record jsonb;

