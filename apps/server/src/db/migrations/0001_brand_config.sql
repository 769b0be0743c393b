-- Brands (merchants) and everything the permission call and the site shell read per brand.

CREATE TABLE merchant (
  code                  text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{2,20}$'),
  name                  text NOT NULL,
  default_language      text NOT NULL,
  languages             text[] NOT NULL CHECK (cardinality(languages) > 0),
  currency_symbol       text NOT NULL DEFAULT 'P',
  timezone              text NOT NULL DEFAULT 'Asia/Manila',
  logined_to_home_page  boolean NOT NULL DEFAULT false,
  blocked_countries     text[] NOT NULL DEFAULT '{}',
  maintenance_on        boolean NOT NULL DEFAULT false,
  maintenance_end_time  timestamptz,
  gtag_id               text,
  image_cdns            text[] NOT NULL DEFAULT '{}',
  launch_game_cdns      text[] NOT NULL DEFAULT '{}',
  social                jsonb NOT NULL DEFAULT '{}',
  licence               jsonb NOT NULL DEFAULT '{}',
  stats                 jsonb NOT NULL DEFAULT '{}',
  legacy_crypto         boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (default_language = ANY (languages))
);

CREATE TABLE merchant_host (
  host           text PRIMARY KEY CHECK (host = lower(host)),
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE
);

CREATE TABLE module_node (
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  mod_id         text NOT NULL,
  parent_mod_id  text,
  enabled        boolean NOT NULL,
  sort           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, mod_id),
  FOREIGN KEY (merchant_code, parent_mod_id) REFERENCES module_node (merchant_code, mod_id) ON DELETE CASCADE
);

CREATE TABLE register_rule (
  merchant_code     text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  field             text NOT NULL,
  enabled           boolean NOT NULL,
  required          boolean NOT NULL,
  accepted_pattern  text NOT NULL,
  pattern_id        text NOT NULL,
  min_length        integer NOT NULL CHECK (min_length >= 0),
  max_length        integer NOT NULL CHECK (max_length >= min_length),
  sort              integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, field)
);

CREATE TABLE banner (
  id            serial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  group_name    text NOT NULL,
  image_path    text NOT NULL,
  title         jsonb NOT NULL DEFAULT '{}',
  linkage_type  text CHECK (linkage_type IN ('ROUTE', 'URL')),
  linkage       text,
  sort          integer NOT NULL DEFAULT 0,
  active        boolean NOT NULL DEFAULT true,
  UNIQUE (merchant_code, group_name, sort),
  CHECK ((linkage_type IS NULL) = (linkage IS NULL))
);

CREATE TABLE announcement (
  id            serial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  type          text NOT NULL CHECK (type IN ('PL', 'PU', 'PR')),
  title         jsonb NOT NULL,
  content       jsonb NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  starts_at     timestamptz,
  ends_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, type, sort)
);

CREATE TABLE vendor (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9_]{1,40}$'),
  game_type     text NOT NULL CHECK (game_type IN ('RNG','LOTT','ELOTT','LIVE','SPORTS','FISH','PVP','ESPORTS','COCKFIGHT')),
  display_name  text NOT NULL,
  is_hot        boolean NOT NULL DEFAULT false,
  is_game       text,
  logo_path     text NOT NULL,
  wallet_type   text NOT NULL CHECK (wallet_type IN ('TRANSFER', 'SEAMLESS')),
  sort          integer NOT NULL DEFAULT 0,
  enabled       boolean NOT NULL DEFAULT true,
  PRIMARY KEY (merchant_code, code, game_type)
);

CREATE TABLE help_section (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  tag           text NOT NULL CHECK (tag ~ '^[a-z0-9-]{1,32}$'),
  title         jsonb NOT NULL,
  content       jsonb NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, tag)
);

CREATE TABLE customer_service (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  cs_position   text NOT NULL,
  cs_type       text NOT NULL CHECK (cs_type IN ('VIP', 'LIVECHAT')),
  path          text NOT NULL,
  PRIMARY KEY (merchant_code, cs_position, cs_type)
);

CREATE TABLE app_resource (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  resource_type text NOT NULL,
  url           text NOT NULL,
  qr_path       text NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, resource_type)
);

CREATE TABLE domain_route (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  domain        text NOT NULL,
  speed         integer NOT NULL CHECK (speed >= 0),
  PRIMARY KEY (merchant_code, domain)
);

-- Payload-encryption key pairs; the newest is served. Shared by every server instance.
CREATE TABLE crypto_key (
  id          text PRIMARY KEY,
  private_pem text NOT NULL,
  public_pem  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
