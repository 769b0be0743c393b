-- The built-in customer-service chat (modules/chat/README.md): each brand's switch, opening hours
-- and texts, conversations between a player (a member, or a visitor known by a token) and the
-- brand's support staff, their messages and images, and the desk's canned replies.

-- A brand without a row has the chat switched off.
CREATE TABLE chat_settings (
  merchant_code  text PRIMARY KEY REFERENCES merchant (code) ON DELETE CASCADE,
  enabled        boolean NOT NULL DEFAULT false,
  always_open    boolean NOT NULL DEFAULT true,
  -- [{ "day": 0-6 (0 = Sunday), "open": "hh:mm", "close": "hh:mm" }] in the brand's time zone.
  hours          jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(hours) = 'array'),
  -- Texts per language: { "EN": "...", "TH": "..." }.
  away_message   jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(away_message) = 'object'),
  greeting       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(greeting) = 'object'),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text
);

-- One conversation: WAITING until a staff member takes it, OPEN while they answer, CLOSED for good
-- (a new one is opened after). A member's is its member_id's; a visitor's is reached by its token,
-- of which only the SHA-256 is kept (the token itself is handed to the visitor once).
CREATE TABLE chat_conversation (
  id                  bigserial PRIMARY KEY,
  merchant_code       text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  member_id           bigint REFERENCES member (id) ON DELETE CASCADE,
  nickname            text NOT NULL CHECK (length(nickname) BETWEEN 1 AND 64),
  visitor_token_hash  bytea CHECK (octet_length(visitor_token_hash) = 32),
  queue               text NOT NULL CHECK (queue IN ('GENERAL', 'VIP')),
  status              text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'OPEN', 'CLOSED')),
  -- Who answers (set when taken): the staff member's (or API key's) id and the name players see.
  staff_id            text,
  staff_name          text,
  -- The last message id each side has read.
  player_read_upto    bigint NOT NULL DEFAULT 0,
  staff_read_upto     bigint NOT NULL DEFAULT 0,
  -- The language the player chats in (the greeting's).
  lang                text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  -- The player's first message: a conversation joins the staff's queue once the player has written.
  asked_at            timestamptz,
  taken_at            timestamptz,
  closed_at           timestamptz,
  closed_by           text,
  last_message_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((member_id IS NULL) <> (visitor_token_hash IS NULL)),
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL)),
  CHECK (status <> 'OPEN' OR staff_id IS NOT NULL)
);
-- At most one conversation a member has not closed; a visitor's token names one conversation.
CREATE UNIQUE INDEX chat_conversation_member_live ON chat_conversation (member_id)
  WHERE member_id IS NOT NULL AND status <> 'CLOSED';
CREATE UNIQUE INDEX chat_conversation_visitor ON chat_conversation (visitor_token_hash)
  WHERE visitor_token_hash IS NOT NULL;
CREATE INDEX chat_conversation_member ON chat_conversation (member_id, id DESC) WHERE member_id IS NOT NULL;
-- The desk's queue: a brand's conversations by status and queue, the longest waiting first.
CREATE INDEX chat_conversation_queue ON chat_conversation (merchant_code, status, queue, created_at);
CREATE INDEX chat_conversation_staff ON chat_conversation (merchant_code, staff_id, status);

-- Images sent in a chat. A player's belongs to its conversation from the upload; a staff member's
-- is the brand's until it is sent (then its conversation's). Each is sent at most once.
CREATE TABLE chat_image (
  id               uuid PRIMARY KEY,
  merchant_code    text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  conversation_id  bigint REFERENCES chat_conversation (id) ON DELETE CASCADE,
  uploader         text NOT NULL CHECK (uploader IN ('PLAYER', 'STAFF')),
  -- The staff member's (or API key's) id for a staff upload; null for a player's.
  uploaded_by      text,
  content_type     text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes            bytea NOT NULL,
  size             int NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (uploader = 'STAFF' OR conversation_id IS NOT NULL)
);
CREATE INDEX chat_image_conversation ON chat_image (conversation_id);

-- Messages, written once and never changed. Ids increase within a conversation in the order they commit (a send locks
-- its conversation's row first), so "after id" never skips one.
CREATE TABLE chat_message (
  id               bigserial PRIMARY KEY,
  conversation_id  bigint NOT NULL REFERENCES chat_conversation (id) ON DELETE CASCADE,
  merchant_code    text NOT NULL,
  sender           text NOT NULL CHECK (sender IN ('PLAYER', 'STAFF', 'SYSTEM')),
  staff_name       text,
  text             text CHECK (length(text) BETWEEN 1 AND 1000),
  image_id         uuid REFERENCES chat_image (id),
  -- The sender's idempotency key: the same request again answers the first message.
  request_id       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (text IS NOT NULL OR image_id IS NOT NULL),
  CHECK ((sender = 'STAFF') = (staff_name IS NOT NULL)),
  UNIQUE (conversation_id, sender, request_id)
);
CREATE UNIQUE INDEX chat_message_image ON chat_message (image_id) WHERE image_id IS NOT NULL;
CREATE INDEX chat_message_conversation ON chat_message (conversation_id, id);
-- Search: the brand's messages, newest first, matched by ILIKE within a date range.
CREATE INDEX chat_message_search ON chat_message (merchant_code, created_at DESC);

-- The desk's canned replies, one list per language.
CREATE TABLE chat_canned (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  lang           text NOT NULL CHECK (lang IN ('CN', 'EN', 'ID', 'MY', 'TH', 'TY', 'VI')),
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 40),
  text           text NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text
);
CREATE INDEX chat_canned_brand ON chat_canned (merchant_code, lang, title);
