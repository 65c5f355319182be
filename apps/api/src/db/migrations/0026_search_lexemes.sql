CREATE TABLE "search_lexemes" (
	"term" text collate "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of every product's search_vector (ADR 006, amendment of 2026-12-02): a search looks up
-- the words starting with each prefix here and asks the full-text index for those words, which it
-- answers as exact keys. A prefix (`pro:*`) made the index merge the posting lists of every word
-- starting with it before the AND: "iphone 17 pro" 190 ms -> 18 ms on the 1M catalog (LOG.md).
-- The triggers keep the list complete in the transaction that writes a product's text; a word is
-- never removed, since a word that no product has any more matches nothing.
CREATE FUNCTION kiyasla_add_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (term)
  SELECT DISTINCT unnest(tsvector_to_array(w.search_vector)) FROM written_products w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION kiyasla_add_search_lexemes_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (term)
  SELECT unnest(tsvector_to_array(NEW.search_vector))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Inserts once per statement (a seed or a catalog import writes thousands of products in one).
CREATE TRIGGER products_search_lexemes_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products FOR EACH STATEMENT EXECUTE FUNCTION kiyasla_add_search_lexemes();--> statement-breakpoint
-- Updates per row, and only those that change the vector: an update of a column the vector does
-- not read (ratings, views, the active flag) does not fire it at all.
CREATE TRIGGER products_search_lexemes_update AFTER UPDATE OF search_vector ON products
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION kiyasla_add_search_lexemes_of_row();--> statement-breakpoint
INSERT INTO search_lexemes (term)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM products
ON CONFLICT DO NOTHING;
