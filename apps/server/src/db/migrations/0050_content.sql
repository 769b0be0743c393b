-- Site content from the back office (modules/messages/README.md): banners per language with a
-- schedule, drafts of notices and help pages, uploaded banner images, and inbox broadcasts to a
-- segment of members.

-- A banner in one language (NULL: every language, as seeded banners are) shown from starts_at
-- until ends_at (NULL: open). `active` stays the published flag: false is a draft.
ALTER TABLE banner ADD COLUMN lang text CHECK (lang IN ('CN', 'EN', 'ID', 'MY', 'TH', 'TY', 'VI'));
ALTER TABLE banner ADD COLUMN starts_at timestamptz;
ALTER TABLE banner ADD COLUMN ends_at timestamptz;
ALTER TABLE banner ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE banner ADD CONSTRAINT banner_window CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at);

-- Drafts of notices and help pages are kept but never served to players.
ALTER TABLE announcement ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE announcement ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE announcement ADD CONSTRAINT announcement_window CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at);
ALTER TABLE help_section ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE help_section ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Banner images uploaded by staff, kept in the database so every server instance serves them.
-- The id is random and the bytes never change: the image is public and cached for good.
CREATE TABLE content_image (
  id            uuid PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes         bytea NOT NULL,
  size          integer NOT NULL,
  width         integer NOT NULL,
  height        integer NOT NULL,
  uploaded_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- An operator's message to a segment of a brand's members, sent once at send_at by whichever
-- server instance claims it first (status SCHEDULED -> SENT in the transaction that writes the
-- messages). title and content are per language; segment is the filter as the operator chose it.
CREATE TABLE inbox_broadcast (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  title         jsonb NOT NULL,
  content       jsonb NOT NULL,
  segment       jsonb NOT NULL,
  send_at       timestamptz NOT NULL,
  status        text NOT NULL DEFAULT 'SCHEDULED' CHECK (status IN ('SCHEDULED', 'SENT', 'CANCELLED')),
  recipients    integer,
  created_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  sent_at       timestamptz,
  cancelled_by  text,
  cancelled_at  timestamptz
);
CREATE INDEX inbox_broadcast_due ON inbox_broadcast (send_at) WHERE status = 'SCHEDULED';
CREATE INDEX inbox_broadcast_brand ON inbox_broadcast (merchant_code, id DESC);
