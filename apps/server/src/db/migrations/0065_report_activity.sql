-- Who bet when, in a shape that counts distinct players over any period without reading every
-- member-day (modules/reports/README.md, "Aggregates"): per member, one bit per local day from
-- the first day the member bet (bit 0) on, set on each day with a BET entry (report_member_day
-- bets > 0); and per brand and day, Monday-week or calendar month, how many members bet in it.
-- Kept by the reports' fold with the other aggregates, rebuilt and checked with them. Filled here
-- from report_member_day.
CREATE TABLE report_member_activity (
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL,
  first_day     date NOT NULL,
  days          bit varying NOT NULL,
  PRIMARY KEY (merchant_code, member_id)
);

CREATE TABLE report_active_period (
  merchant_code text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('day', 'week', 'month')),
  -- The period's first day (a Monday for a week, the 1st for a month).
  period        date NOT NULL,
  members       integer NOT NULL,
  PRIMARY KEY (merchant_code, kind, period)
);

WITH d AS (
  SELECT merchant_code, member_id, day,
         min(day) OVER w AS f, max(day) OVER w AS l
    FROM report_member_day WHERE bets > 0
  WINDOW w AS (PARTITION BY merchant_code, member_id))
INSERT INTO report_member_activity (merchant_code, member_id, first_day, days)
SELECT merchant_code, member_id, f, bit_or(set_bit(repeat('0', l - f + 1)::bit varying, day - f, 1))
  FROM d GROUP BY merchant_code, member_id, f;

INSERT INTO report_active_period (merchant_code, kind, period, members)
SELECT merchant_code, 'day', day, count(*) FROM report_member_day WHERE bets > 0 GROUP BY merchant_code, day
UNION ALL
SELECT merchant_code, 'week', date_trunc('week', day)::date, count(DISTINCT member_id)
  FROM report_member_day WHERE bets > 0 GROUP BY merchant_code, date_trunc('week', day)::date
UNION ALL
SELECT merchant_code, 'month', date_trunc('month', day)::date, count(DISTINCT member_id)
  FROM report_member_day WHERE bets > 0 GROUP BY merchant_code, date_trunc('month', day)::date;
