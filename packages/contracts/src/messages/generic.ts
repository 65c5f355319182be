/**
 * `messages.generic` (../messages.ts), first part: a client's own words for a call that failed without
 * a message from the server. The rest of the section is the server's answers to requests (./http.ts).
 */
export const genericMessages = {
  error: 'Bir hata oluştu',
  errorRetry: 'Bir hata oluştu. Lütfen tekrar deneyin.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
} as const;
