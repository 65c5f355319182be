import { useEffect, useRef } from 'react';

/** The parts of Google Identity Services (https://accounts.google.com/gsi/client) used here. */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        context?: 'signin' | 'signup' | 'use';
        itp_support?: boolean;
      }) => void;
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | null = null;

/** Loads the Google Identity Services script once per page. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('GIS yüklenemedi')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('GIS yüklenemedi'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

interface GoogleSignInButtonProps {
  clientId: string;
  context: 'signin' | 'signup';
  /** Receives the ID token (`credential`) Google hands back, or null when Google gave none. */
  onCredential: (credential: string | null) => void;
  /** Google's script could not be loaded (offline, blocked): the caller hides the section. */
  onUnavailable: () => void;
}

/**
 * Google's own "Google ile oturum açın" button, rendered by Google Identity Services. Only shown
 * when the server has a Google client id (GET /api/config `auth.googleClientId`).
 */
export function GoogleSignInButton({ clientId, context, onCredential, onUnavailable }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const unavailable = useRef(onUnavailable);

  useEffect(() => {
    callback.current = onCredential;
    unavailable.current = onUnavailable;
  }, [onCredential, onUnavailable]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential ?? null),
          ux_mode: 'popup',
          context,
          itp_support: true,
        });
        const dark = document.documentElement.classList.contains('dark');
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          shape: 'pill',
          logo_alignment: 'center',
          locale: 'tr',
          width: Math.min(400, Math.max(200, parent.offsetWidth)),
        });
      })
      .catch(() => {
        if (!cancelled) unavailable.current();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, context]);

  return <div ref={container} className="flex min-h-11 w-full justify-center" />;
}
