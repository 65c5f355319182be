import { customType, pgTable } from 'drizzle-orm/pg-core';

/** Text compared byte by byte: the words starting with a prefix are one range of its index. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * Every word (lexeme) that is or was in a product's `search_vector`, in byte order (ADR 006,
 * amendment of 2026-12-02). A search turns each prefix it looks for into the words of this list
 * that start with it, and the full-text index answers those words as exact keys, with none of the
 * merging of every posting list a prefix costs it. Kept complete by triggers on `products`
 * (migration 0026): a product's new words are added in the transaction that writes them. Words
 * no product has any more stay; they match nothing.
 */
export const searchLexemes = pgTable('search_lexemes', {
  term: byteOrderedText('term').primaryKey(),
});
