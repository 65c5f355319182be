import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { MailService } from '../../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { ClientThrottle, PhantomLockouts } from './login-throttle';
import type { ClientInfo } from './sessions.service';
import { createFacebookVerifier, createGoogleVerifier, type SocialVerifier } from './social-providers';

/** Everything the auth services depend on, built once per app. */
export interface AuthContext {
  db: Database;
  config: AppConfig;
  settings: SettingsService;
  mail: MailService;
  log: FastifyBaseLogger;
  google: SocialVerifier | null;
  facebook: SocialVerifier | null;
  phantomLockouts: PhantomLockouts;
  clientThrottle: ClientThrottle;
}

export function createAuthContext(app: FastifyInstance): AuthContext {
  return {
    db: app.dbHandle.db,
    config: app.config,
    settings: app.settings,
    mail: app.mail,
    log: app.log,
    google: createGoogleVerifier(app.config),
    facebook: createFacebookVerifier(app.config),
    phantomLockouts: new PhantomLockouts(),
    clientThrottle: new ClientThrottle(),
  };
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null, ip: request.ip ?? null };
}
