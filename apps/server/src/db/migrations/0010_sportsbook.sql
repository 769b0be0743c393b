-- The house sportsbook (football and esports). Fixtures are generated per brand and day
-- from a seed and stored once; a match's timeline (goals or maps) is drawn once at kick-off and
-- stored, so every server process shows and settles the same match.
CREATE TABLE sportsbook_fixture (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  fixture_id    text NOT NULL,
  sport         text NOT NULL CHECK (sport IN ('FOOTBALL', 'ESPORTS')),
  league_id     text NOT NULL,
  -- The fixture as generated (teams with strengths, league and esports game): prices come from it.
  detail        jsonb NOT NULL,
  kick_off      timestamptz NOT NULL,
  local_date    text NOT NULL,
  -- SCHEDULED until the match has ended, then FINISHED (result known) or CANCELLED (void).
  status        text NOT NULL DEFAULT 'SCHEDULED' CHECK (status IN ('SCHEDULED', 'FINISHED', 'CANCELLED')),
  -- Drawn once at kick-off (UPDATE ... WHERE timeline IS NULL): goals or maps.
  timeline      jsonb,
  ends_at       timestamptz,
  final_home    integer,
  final_away    integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, fixture_id)
);
CREATE INDEX sportsbook_fixture_day_idx ON sportsbook_fixture (merchant_code, sport, kick_off);
-- The sweeper's work lists: matches to decide or finish.
CREATE INDEX sportsbook_fixture_open_idx ON sportsbook_fixture (kick_off) WHERE status = 'SCHEDULED';

-- A bet: a single (one leg) or a parlay. Money moves through the seamless wallet, keyed by bet_id
-- (the stake debit's transaction id); the row says where the money lives so the sweeper can settle
-- without the player's launch ticket.
CREATE TABLE sportsbook_bet (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  bet_id        text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  node_id       bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  vendor_code   text NOT NULL,
  wallet_vendor text,
  game_type     text NOT NULL,
  game_code     text NOT NULL,
  game_name     text NOT NULL,
  stake         bigint NOT NULL CHECK (stake > 0),
  -- [{fixtureId, selection, odds, home, away, kickOff, leagueName}] as accepted.
  legs          jsonb NOT NULL,
  -- PLACING: the row exists and the stake debit is in flight (a stale one is rolled back by the
  -- sweeper). OPEN: staked. Then WON, LOST, VOID or CASHED_OUT; REJECTED: the stake never moved.
  status        text NOT NULL CHECK (status IN ('PLACING', 'OPEN', 'WON', 'LOST', 'VOID', 'CASHED_OUT', 'REJECTED')),
  payout        bigint CHECK (payout >= 0),
  -- Each leg's outcome once settled: ['WON', 'VOID', ...].
  leg_results   jsonb,
  placed_at     timestamptz NOT NULL DEFAULT now(),
  settled_at    timestamptz,
  -- Set once the payout (or the refund) reached the wallet; the sweeper completes what is missing.
  credited_at   timestamptz,
  UNIQUE (merchant_code, bet_id)
);
CREATE INDEX sportsbook_bet_member_idx ON sportsbook_bet (member_id, node_id, placed_at DESC);
CREATE INDEX sportsbook_bet_open_idx ON sportsbook_bet (merchant_code) WHERE status IN ('PLACING', 'OPEN');
CREATE INDEX sportsbook_bet_uncredited_idx ON sportsbook_bet (settled_at)
  WHERE credited_at IS NULL AND status IN ('WON', 'LOST', 'VOID', 'CASHED_OUT');

-- Which bets have a leg on which match (the sweeper settles a match's bets from here).
CREATE TABLE sportsbook_bet_leg (
  bet_row_id    bigint NOT NULL REFERENCES sportsbook_bet (id) ON DELETE CASCADE,
  merchant_code text NOT NULL,
  fixture_id    text NOT NULL,
  PRIMARY KEY (bet_row_id, fixture_id)
);
CREATE INDEX sportsbook_bet_leg_fixture_idx ON sportsbook_bet_leg (merchant_code, fixture_id);
