/** The 11 top-level category slugs of the specification, in its order: what the seeded catalog must show. */
export const TOP_LEVEL_CATEGORY_SLUGS = [
  'telefon',
  'laptop',
  'tablet',
  'kulaklik',
  'televizyon',
  'kamera',
  'spor',
  'beyaz-esya',
  'oyuncak',
  'giyim',
  'aksesuar',
];
