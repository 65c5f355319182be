/**
 * Auth state of spec §4, shared by the header and every feature that needs the session.
 *
 * - Starts `loading` (also during server rendering: private pages show a neutral shell).
 * - On start, a stored token and user are restored at once and the profile is re-fetched
 *   (GET /auth/me); when the server refuses the session it is cleared silently.
 * - Login, register and Google sign-in store token, user and refresh token.
 * - Logout clears everything locally, even when the server call fails.
 * - `authenticated` means both a user and a token exist.
 *
 * The stored session (lib/stored-session/session-store) is the single source of truth: the API client's
 * token refresh and other tabs write there, and this provider follows.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest } from '@kiyasla/contracts/auth';
import type { User } from '@kiyasla/contracts/user';
import { isApiError, setUnauthorizedHandler } from '~/lib/api-client';
import { getMe } from './api/get-me';
import { logout as logoutCall } from './api/logout';
import { ownerDataKey } from './api/query-keys';
import {
  clearSession,
  getStoredSession,
  getStoredTokens,
  saveStoredUser,
  subscribeSession,
  whenSessionReadable,
} from '~/lib/stored-session/session-store';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export type AuthResult =
  | { success: true; user: User; message?: string }
  | {
      success: false;
      message: string;
      code?: string;
      /** Field errors of a 400 answer; paths look like `body.email`. */
      errors?: ReadonlyArray<{ path: string; message: string }>;
    };

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  login: (input: LoginRequest) => Promise<AuthResult>;
  register: (input: RegisterRequest) => Promise<AuthResult>;
  googleLogin: (credential: string, rememberMe?: boolean) => Promise<AuthResult>;
  facebookLogin: (accessToken: string, userID: string, rememberMe?: boolean) => Promise<AuthResult>;
  /** Ends the session on the server (best effort) and always locally. */
  logout: () => Promise<void>;
  /** Re-reads the profile from the server; a failure is only logged (spec §4). */
  refreshProfile: () => Promise<void>;
  /** Replaces the stored user after a profile change the server confirmed. */
  updateUser: (user: User) => void;
  /** Forgets the session locally only (the server already ended it, e.g. account deletion). */
  endSession: () => void;
}

type AuthActions = Omit<AuthContextValue, 'status' | 'user' | 'token'>;

/** `ready`: hydration is over (and a stored session can be read); `verifying`: see below. */
interface AuthFlags {
  ready: boolean;
  verifying: boolean;
}

/**
 * The provider's own state, outside React state on purpose: the context value never changes, and
 * every useAuth() subscribes to the flags and the session itself. A context change would reach
 * into the parts of the page that are still waiting to be hydrated (lib/lazy-component) and make
 * React render them afresh, discarding their server HTML.
 */
function createFlagsStore() {
  let flags: AuthFlags = { ready: false, verifying: false };
  const listeners = new Set<() => void>();
  return {
    get: () => flags,
    set(change: Partial<AuthFlags>) {
      flags = { ...flags, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

interface AuthContextStore {
  actions: AuthActions;
  flags: ReturnType<typeof createFlagsStore>;
}

const AuthContext = createContext<AuthContextStore | null>(null);
const SERVER_FLAGS: AuthFlags = { ready: false, verifying: false };
const serverFlags = () => SERVER_FLAGS;

const noSession = () => null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(subscribeSession, getStoredSession, noSession);
  const [flags] = useState(createFlagsStore);
  // A token is stored but no usable user: stay `loading` until GET /auth/me answers.
  const { ready } = useSyncExternalStore(flags.subscribe, flags.get, serverFlags);

  useEffect(() => {
    let active = true;
    const start = () => {
      flags.set({ ready: true });
      if (!getStoredTokens().token) return;
      const userMissing = getStoredSession() === null;
      if (userMissing) flags.set({ verifying: true });
      getMe()
        .then((user) => {
          const current = getStoredSession();
          if (active && getStoredTokens().token && (!current || current.user._id === user._id)) saveStoredUser(user);
        })
        .catch((error: unknown) => {
          if (!active) return;
          const status = isApiError(error) ? error.status : 0;
          const refused = status >= 400 && status < 500 && status !== 429;
          // Offline or a server hiccup says nothing about the session: keep the restored one.
          if (refused || userMissing) clearSession();
          else console.warn('Profil yenilenemedi', error);
        })
        .finally(() => {
          if (active) flags.set({ verifying: false });
        });
    };
    // A stored session is read once its contract check has loaded (session-store); until then
    // the state stays `loading`, as during hydration.
    const pending = whenSessionReadable();
    if (pending) {
      void pending.then(() => {
        if (active) start();
      });
    } else {
      start();
    }
    return () => {
      active = false;
    };
  }, [flags]);

  // A call answered 401 and the session could not be renewed: the API client has forgotten the
  // tokens already; the session ends here too, silently (spec §8), and the page follows.
  useEffect(() => {
    setUnauthorizedHandler(() => clearSession());
    return () => setUnauthorizedHandler(null);
  }, []);

  // The session's owner changed (sign-in, sign-out, another account, another tab): drop the
  // previous owner's data. The first value after hydration is the baseline, not a change.
  const userId = session?.user._id ?? null;
  const baselineUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    const previous = baselineUserId.current;
    baselineUserId.current = userId;
    if (previous === undefined || previous === userId) return;
    if (previous !== null) queryClient.removeQueries({ queryKey: ownerDataKey });
    // Public queries may depend on who is asking (favorite flags, plan limits).
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
  }, [ready, userId, queryClient]);

  // Signing in happens on two pages: its code is fetched there (./auth-actions).
  const login = useCallback(
    (input: LoginRequest) => import('./auth-actions').then((actions) => actions.login(input)),
    [],
  );
  const register = useCallback(
    (input: RegisterRequest) => import('./auth-actions').then((actions) => actions.register(input)),
    [],
  );
  const googleLogin = useCallback(
    (credential: string, rememberMe?: boolean) =>
      import('./auth-actions').then((actions) => actions.googleLogin(credential, rememberMe)),
    [],
  );
  const facebookLogin = useCallback(
    (accessToken: string, userID: string, rememberMe?: boolean) =>
      import('./auth-actions').then((actions) => actions.facebookLogin(accessToken, userID, rememberMe)),
    [],
  );

  const logout = useCallback(async () => {
    const tokens = getStoredTokens();
    clearSession();
    try {
      await logoutCall(tokens);
    } catch (error) {
      // Already signed out here; the server session ends with its own expiry.
      console.warn('Çıkış isteği başarısız', error);
    }
  }, []);

  const refreshProfile = useCallback(async () => {
    try {
      const user = await getMe();
      if (getStoredTokens().token) saveStoredUser(user);
    } catch (error) {
      console.error('Profil yenilenemedi', error);
    }
  }, []);

  const updateUser = useCallback((user: User) => {
    if (getStoredTokens().token) saveStoredUser(user);
  }, []);

  const value = useMemo<AuthContextStore>(
    () => ({
      actions: {
        login,
        register,
        googleLogin,
        facebookLogin,
        logout,
        refreshProfile,
        updateUser,
        endSession: clearSession,
      },
      flags,
    }),
    [flags, login, register, googleLogin, facebookLogin, logout, refreshProfile, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in pages fetch the sign-in code when they open, not when the form is sent. */
export function usePreloadSignIn(): void {
  useEffect(() => {
    void import('./auth-actions').catch(() => undefined);
  }, []);
}

export function useAuth(): AuthContextValue {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used inside <AuthProvider>');
  const session = useSyncExternalStore(subscribeSession, getStoredSession, noSession);
  const { ready, verifying } = useSyncExternalStore(store.flags.subscribe, store.flags.get, serverFlags);
  return useMemo<AuthContextValue>(() => {
    const status: AuthStatus = !ready ? 'loading' : session ? 'authenticated' : verifying ? 'loading' : 'anonymous';
    return {
      status,
      user: ready ? (session?.user ?? null) : null,
      token: ready ? (session?.token ?? null) : null,
      ...store.actions,
    };
  }, [ready, session, verifying, store]);
}
