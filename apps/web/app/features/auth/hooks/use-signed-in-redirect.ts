import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '~/entities/session/auth-context';

/**
 * Signed-in users who open /login or /register go home (spec §2). The returned ref is set
 * while the page itself signs the user in, so its own redirect (e.g. the `redirect` query)
 * wins over this one.
 */
export function useSignedInRedirect() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const signingIn = useRef(false);
  useEffect(() => {
    if (status === 'authenticated' && !signingIn.current) void navigate('/', { replace: true });
  }, [status, navigate]);
  return signingIn;
}
