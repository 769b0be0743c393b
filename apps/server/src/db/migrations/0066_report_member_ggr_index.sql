-- The players' profit and loss ranking (modules/reports/README.md, "Players") sums each member's
-- GGR over the period in member order straight off this index, with nothing read from the table
-- and nothing hashed: a million members over 90 days in about 3 s where hashing them took 8 s and
-- walking the table in member order over a minute. Same key as before, GGR carried in the index.
DROP INDEX IF EXISTS report_member_day_member_idx;
CREATE INDEX report_member_day_member_idx ON report_member_day (merchant_code, member_id, day) INCLUDE (ggr);
