-- The language a member chose on the site (the spec's language update call): what SMS and e-mail
-- to the member are written in, and the inbox's language when a request names none. Null: never
-- chosen (the request's language, else the brand's default). One of the platform's language
-- codes; whether the brand still offers it is checked where it is used.
ALTER TABLE member ADD COLUMN language text CHECK (language IN ('CN', 'EN', 'ID', 'MY', 'TH', 'TY', 'VI'));
