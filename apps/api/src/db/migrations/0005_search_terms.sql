-- The dictionary of folded words the catalog contains, for typo correction ("samsnug" → "samsung")
-- and word-prefix checks. Built from the 'simple' (folded, unstemmed) parts of the search vector:
-- search_text and the folded description. REFRESH MATERIALIZED VIEW CONCURRENTLY after catalog
-- changes keeps it current without blocking readers (it needs the unique index below).
-- Names inside ts_stat() are schema-qualified: since PostgreSQL 17 (PGlite) materialized view
-- creation and refresh run with search_path = pg_catalog, pg_temp.
CREATE MATERIALIZED VIEW search_terms AS
  SELECT word AS term, ndoc AS n
    FROM ts_stat($q$
      SELECT to_tsvector('simple'::regconfig, search_text || ' ' || public.kiyasla_fold(coalesce(description, '')))
        FROM public.products WHERE is_active
    $q$)
   WHERE word ~ '^[a-z0-9]+$';--> statement-breakpoint
CREATE UNIQUE INDEX search_terms_term_uq ON search_terms (term);--> statement-breakpoint
-- Byte-order prefix ranges (term >= 'sam' AND term < 'sam{') whatever the database collation is.
CREATE INDEX search_terms_term_c_idx ON search_terms (term COLLATE "C");--> statement-breakpoint
CREATE INDEX search_terms_term_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
