/**
 * A second hint beside the session hint (./session-hint), "this browser's member is on a premium
 * plan": the server leaves the house-ad slot out of a premium member's pages (issue 14, ad-free)
 * instead of removing it after hydration. The session store sets it whenever it stores a user
 * (sign-in, a token refresh, the profile's re-fetch after a purchase) and clears it at sign-out;
 * the house ad keeps it true to the account once the session is known (entities/promotions); the
 * site layout's loader reads it. It unlocks nothing: the API checks every premium feature.
 */
const PREMIUM_HINT_COOKIE = 'kiyasla_premium';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 400;

export function setPremiumHint(premium: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PREMIUM_HINT_COOKIE}=${premium ? 1 : ''}; Path=/; Max-Age=${premium ? MAX_AGE_SECONDS : 0}; SameSite=Lax${secure}`;
}

/** Whether a request's Cookie header says the member is premium. */
export function hasPremiumHint(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${PREMIUM_HINT_COOKIE}=1`);
}
