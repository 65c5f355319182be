/**
 * A non-secret cookie that only says "this browser holds a session" (issue 14). The session itself
 * lives in localStorage, which the server cannot see: without a hint, server-rendered pages could
 * only show a placeholder where the header's sign-in controls go. With it, a visitor's HTML carries
 * 'Oturum Aç' and 'Kaydol', and a signed-in member's a placeholder until their name is known.
 * It carries no token and authorises nothing.
 */
export const SESSION_HINT_COOKIE = 'kiyasla_session';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 400;

/** Sets or clears the hint in this browser. */
export function setSessionHint(present: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = present
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Whether a request's Cookie header carries the hint. */
export function hasSessionHint(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}
