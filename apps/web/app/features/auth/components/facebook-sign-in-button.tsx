import { useEffect, useRef, useState } from 'react';

/** The parts of the Facebook JavaScript SDK (connect.facebook.net/…/sdk.js) used here. */
interface FacebookSdk {
  init: (config: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (
    callback: (response: { authResponse?: { accessToken?: string; userID?: string } | null }) => void,
    options?: { scope?: string },
  ) => void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const SDK_SRC = 'https://connect.facebook.net/tr_TR/sdk.js';
const GRAPH_VERSION = 'v21.0';
let loading: Promise<FacebookSdk> | null = null;

/** Loads and initialises the Facebook SDK once per page (with the page's CSP nonce, when it has one). */
function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      if (!window.FB) return reject(new Error('Facebook SDK yüklenemedi'));
      window.FB.init({ appId, version: GRAPH_VERSION, cookie: false, xfbml: false });
      resolve(window.FB);
    };
    const script = document.createElement('script');
    script.src = SDK_SRC;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Facebook SDK yüklenemedi'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

interface FacebookSignInButtonProps {
  appId: string;
  context: 'signin' | 'signup';
  /** Receives what Facebook's login hands back, or null when the person cancelled or it failed. */
  onToken: (token: { accessToken: string; userID: string } | null) => void;
  /** The SDK could not be loaded (offline, blocked): the caller hides the button. */
  onUnavailable: () => void;
}

/**
 * "Facebook ile Giriş Yap": the SDK's login dialog, then POST /auth/facebook (the server checks the
 * token with the Graph API). Only shown when the server has a Facebook app (GET /api/config
 * `auth.facebookAppId`). The SDK is fetched when the button appears, so the click can open
 * Facebook's dialog at once (a dialog opened after an await is a blocked pop-up).
 */
export function FacebookSignInButton({ appId, context, onToken, onUnavailable }: FacebookSignInButtonProps) {
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const unavailable = useRef(onUnavailable);
  useEffect(() => {
    unavailable.current = onUnavailable;
  }, [onUnavailable]);

  useEffect(() => {
    let cancelled = false;
    loadFacebookSdk(appId)
      .then((loaded) => {
        if (!cancelled) setSdk(loaded);
      })
      .catch(() => {
        if (!cancelled) unavailable.current();
      });
    return () => {
      cancelled = true;
    };
  }, [appId]);

  const signIn = () => {
    sdk?.login(
      (response) => {
        const auth = response.authResponse;
        onToken(auth?.accessToken && auth.userID ? { accessToken: auth.accessToken, userID: auth.userID } : null);
      },
      { scope: 'public_profile,email' },
    );
  };

  return (
    <button
      type="button"
      onClick={signIn}
      disabled={!sdk}
      aria-busy={!sdk}
      className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg bg-[#1877F2] px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-[#166fe0] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
        <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.41 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
      </svg>
      {context === 'signup' ? 'Facebook ile Kaydol' : 'Facebook ile Giriş Yap'}
    </button>
  );
}
