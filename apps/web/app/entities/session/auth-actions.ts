/**
 * Sign-in, registration and Google sign-in (spec §4, §8) for the AuthProvider, which loads this
 * module when one of them is used: only the sign-in pages need it.
 */
import type { AuthSession, LoginRequest, RegisterRequest } from '@kiyasla/contracts/auth';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { isApiError } from '~/lib/api-client';
import type { AuthResult } from './auth-context';
import { googleLogin as googleLoginCall } from './api/google-login';
import { facebookLogin as facebookLoginCall } from './api/facebook-login';
import { login as loginCall } from './api/login';
import { register as registerCall } from './api/register';
import { saveSession } from '~/lib/stored-session/session-store';

/**
 * The text for a failed sign-in (spec §8): the server's message when it gave one, 'Giriş
 * başarısız' ('Kayıt başarısız') when it answered without one, and 'Giriş sırasında bir hata
 * oluştu' ('Kayıt sırasında…') when the request itself failed.
 */
export function authFailure(error: unknown, failed: string, failedWhile: string): AuthResult {
  if (!isApiError(error) || error.status === 0) return { success: false, message: failedWhile };
  if (error.code === 'HTTP_ERROR') return { success: false, message: failed, code: error.code };
  return {
    success: false,
    message: error.message || failed,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

function sessionResult(session: AuthSession, message?: string): AuthResult {
  saveSession(session);
  return { success: true, user: session.user, ...(message ? { message } : {}) };
}

export async function login(input: LoginRequest): Promise<AuthResult> {
  try {
    return sessionResult(await loginCall(input));
  } catch (error) {
    return authFailure(error, authMessages.loginFailed, authMessages.loginError);
  }
}

export async function register(input: RegisterRequest): Promise<AuthResult> {
  try {
    return sessionResult(await registerCall(input));
  } catch (error) {
    return authFailure(error, authMessages.registerFailed, authMessages.registerError);
  }
}

export async function googleLogin(credential: string, rememberMe?: boolean): Promise<AuthResult> {
  try {
    return sessionResult(await googleLoginCall({ credential, ...(rememberMe ? { rememberMe } : {}) }));
  } catch (error) {
    return authFailure(error, authMessages.googleFailed, authMessages.googleError);
  }
}

export async function facebookLogin(accessToken: string, userID: string, rememberMe?: boolean): Promise<AuthResult> {
  try {
    return sessionResult(await facebookLoginCall({ accessToken, userID, ...(rememberMe ? { rememberMe } : {}) }));
  } catch (error) {
    return authFailure(error, authMessages.facebookFailed, authMessages.facebookError);
  }
}
