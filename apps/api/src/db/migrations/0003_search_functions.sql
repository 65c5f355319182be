-- Turkish-insensitive folding in SQL, for the generated search vector of the next migration:
-- unaccent maps ı→i, ş→s, ğ→g, ü→u, ö→o, ç→c, İ→I, then lower() (the same result as the
-- application's foldTurkish for search purposes). unaccent() itself is only STABLE, because
-- its dictionary could change; pinning the dictionary makes the wrapper safe to declare
-- IMMUTABLE, which generated columns and index expressions require.
CREATE OR REPLACE FUNCTION kiyasla_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;
