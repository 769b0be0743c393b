-- The ledger's hot-path functions never use JIT compilation.
--
-- JIT (PostgreSQL built with LLVM, on by default) compiles a plan whose estimated cost passes
-- jit_above_cost, and with inlining and optimisation past 500,000, which costs tens of
-- milliseconds on every execution. Without fresh statistics (a table grown since its last
-- ANALYZE) the estimate of a batch's lookups grows with the table: bet_settle_batch()'s
-- stake-wallet lookup crossed the line after about 20,000 bets under `npm run bench:games`, every
-- settlement then paid ~50 ms of compiling for a query that runs in well under one, and the rate
-- fell from 1,500 to 400 pairs/s. These statements are index lookups over a batch of at most a
-- few dozen items: JIT can never pay off for them. (PGlite has no JIT; the setting is harmless.)
ALTER FUNCTION bet_place_batch(text[], text[], bigint[], bigint[], bigint[], bigint[], text[], text[], text[], text[], text[])
  SET jit = off;
ALTER FUNCTION bet_settle_batch(text[], text[], text[], bigint[], text[], bigint[], bigint[], bigint[])
  SET jit = off;
ALTER FUNCTION ledger_post(text, text, text, bigint, jsonb, bigint[], bigint[]) SET jit = off;
ALTER FUNCTION turnover_accrue(bigint, bigint) SET jit = off;
