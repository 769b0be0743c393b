-- A brand's opening hours for a house card room or baccarat table, in the brand's time zone
-- (HH:MM, from inclusive, until exclusive; until before from runs past midnight). Both null:
-- open all day. Outside its hours a room leaves the brand's lobby and takes no new seat or bet,
-- as when it is switched off; what is already played on it settles as usual.
ALTER TABLE house_room_setting ADD COLUMN open_from text;
ALTER TABLE house_room_setting ADD COLUMN open_until text;
ALTER TABLE house_room_setting ADD CONSTRAINT house_room_hours_valid CHECK (
  (open_from IS NULL AND open_until IS NULL)
  OR (
    open_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND open_until ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    AND open_from <> open_until
  )
);
