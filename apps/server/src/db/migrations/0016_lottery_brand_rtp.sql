-- Lottery odds per brand and prize mode. A brand's target return per prize mode (basis
-- points of the stake), a partial map such as {"Lott": 9300}; a mode it does not name keeps the
-- platform default (lottery.service.ts PRIZE_MODE_RTP_BP). Every line's odds are priced from it
-- at bet time and stored with the line, so a change applies to new slips only.

-- A CHECK cannot hold a subquery: the rule is an immutable function over the value. Keys are the
-- prize modes (contracts PRIZE_MODES), values whole basis points from 8000 (80%) to 9900 (99%)
-- (platform/brand.ts LOTTERY_RTP_BP_MIN / _MAX). CASE keeps casts away from values of other types.
CREATE FUNCTION lottery_rtp_bp_valid(m jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m IS NULL OR jsonb_typeof(m) <> 'object' THEN false
    ELSE NOT EXISTS (
      SELECT 1 FROM jsonb_each(m) AS e(k, v)
      WHERE NOT CASE
        WHEN e.k NOT IN ('Lott', 'ZY', 'Elott', 'SEA') OR jsonb_typeof(e.v) <> 'number' THEN false
        ELSE (e.v #>> '{}')::numeric BETWEEN 8000 AND 9900
             AND (e.v #>> '{}')::numeric = trunc((e.v #>> '{}')::numeric)
      END
    )
  END
$$;

ALTER TABLE merchant
  ADD COLUMN lottery_rtp_bp jsonb NOT NULL DEFAULT '{}'
  CONSTRAINT merchant_lottery_rtp_bp_valid CHECK (lottery_rtp_bp_valid(lottery_rtp_bp));
