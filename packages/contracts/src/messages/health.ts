/** `messages.health` (../messages.ts): the health check. */
export const healthMessages = {
  databaseDown: 'Veritabanına ulaşılamıyor.',
} as const;
