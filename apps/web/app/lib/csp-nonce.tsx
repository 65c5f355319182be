import { createContext, useContext } from 'react';

/**
 * The nonce of the page's Content-Security-Policy, for inline scripts rendered outside React
 * Router's own `<Scripts>` (which take it from `<ServerRouter nonce>`). On the server it comes
 * from the request (entry.server.tsx); in the browser an element's `nonce` property keeps it
 * (the attribute reads empty once parsed), so hydration renders the same value.
 */
function nonceInDocument(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext) ?? nonceInDocument();
}
