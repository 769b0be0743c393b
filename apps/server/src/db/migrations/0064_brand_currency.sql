-- A brand's currency as an ISO 4217 code. Every amount of a brand is in it; reports over several
-- brands add up only brands of one currency (modules/reports/README.md, "Scope"). Existing brands
-- take the code their symbol stands for in the region; the symbol stays what the site shows.
ALTER TABLE merchant ADD COLUMN currency text NOT NULL DEFAULT 'PHP' CHECK (currency ~ '^[A-Z]{3}$');
UPDATE merchant SET currency = CASE currency_symbol
    WHEN 'RM' THEN 'MYR' WHEN '฿' THEN 'THB' WHEN 'Rp' THEN 'IDR' WHEN '₫' THEN 'VND'
    WHEN 'S$' THEN 'SGD' WHEN '$' THEN 'USD' WHEN 'US$' THEN 'USD' WHEN 'K' THEN 'MMK'
    WHEN '៛' THEN 'KHR' WHEN '₭' THEN 'LAK' WHEN '₹' THEN 'INR' ELSE 'PHP' END;
ALTER TABLE merchant ALTER COLUMN currency DROP DEFAULT;

-- An all-brands export adds up the brands of this currency (null: one brand's export).
ALTER TABLE report_export ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');
