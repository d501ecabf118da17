-- A wallet swap's sent, received and route are stored as the JSON text the writer made (json, not
-- jsonb): the wallet pages read them whole and never query inside them by index, and jsonb is
-- converted to and from its binary form on every write and every page read. Kept as text, a page
-- read copies them out (about half of the database's time per page went to that conversion) and
-- the writer stores them as given. The one query looking inside them (a wallet's trade events)
-- reads them with the json functions.
alter table wallet_swaps
  alter column sent type json using sent::json,
  alter column received type json using received::json,
  alter column route type json using route::json;
