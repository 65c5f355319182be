import { useCallback, useState } from 'react';
import type { User } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { useAuth, usePreloadSignIn } from '~/entities/session/auth-context';
import { usePublicConfig } from '~/lib/public-config';
import { FacebookSignInButton } from './facebook-sign-in-button';
import { GoogleSignInButton } from './google-sign-in-button';

interface SocialSignInProps {
  context: 'signin' | 'signup';
  rememberMe?: boolean;
  /** Called before the session is stored, so the page can claim the redirect. */
  onStart: () => void;
  onSignedIn: (user: User) => void;
  onError: (message: string) => void;
}

/** "veya" and the Google and Facebook buttons, each when the operators enabled and configured it. */
export function SocialSignIn({ context, rememberMe, onStart, onSignedIn, onError }: SocialSignInProps) {
  const config = usePublicConfig();
  const { googleLogin, facebookLogin } = useAuth();
  usePreloadSignIn();
  const clientId = config?.features.enableSocialLogin ? config.auth.googleClientId : null;
  const facebookAppId = config?.features.enableSocialLogin ? config.auth.facebookAppId : null;
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  const [facebookUnavailable, setFacebookUnavailable] = useState(false);
  const hide = useCallback(() => setGoogleUnavailable(true), []);
  const hideFacebook = useCallback(() => setFacebookUnavailable(true), []);

  const handleFacebook = useCallback(
    async (token: { accessToken: string; userID: string } | null) => {
      if (!token) {
        onError(authMessages.facebookFailedAlt);
        return;
      }
      onStart();
      const result = await facebookLogin(token.accessToken, token.userID, rememberMe);
      if (result.success) onSignedIn(result.user);
      else onError(result.message);
    },
    [facebookLogin, rememberMe, onStart, onSignedIn, onError],
  );

  const handleCredential = useCallback(
    async (credential: string | null) => {
      if (!credential) {
        onError(authMessages.googleFailedAlt);
        return;
      }
      onStart();
      const result = await googleLogin(credential, rememberMe);
      if (result.success) onSignedIn(result.user);
      else onError(result.message);
    },
    [googleLogin, rememberMe, onStart, onSignedIn, onError],
  );

  const showGoogle = Boolean(clientId) && !googleUnavailable;
  const showFacebook = Boolean(facebookAppId) && !facebookUnavailable;
  if (!showGoogle && !showFacebook) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium text-muted uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        veya
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
      <div className="mt-5 space-y-3">
        {showGoogle && clientId && (
          <GoogleSignInButton
            clientId={clientId}
            context={context}
            onCredential={handleCredential}
            onUnavailable={hide}
          />
        )}
        {showFacebook && facebookAppId && (
          <FacebookSignInButton
            appId={facebookAppId}
            context={context}
            onToken={(token) => void handleFacebook(token)}
            onUnavailable={hideFacebook}
          />
        )}
      </div>
    </div>
  );
}
