import fp from 'fastify-plugin';
import { subscribeReadChanges } from '../../lib/read-invalidation';
import { SecretBox } from '../../lib/secret-box';
import { SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin system settings with a short cache; see SettingsService. */
    settings: SettingsService;
  }
}

/** Decorates the app with `settings`; register before any module that reads them. */
export const settingsPlugin = fp(
  async (app) => {
    const service = new SettingsService(app.dbHandle.db, undefined, new SecretBox(app.config.jwtSecret));
    app.decorate('settings', service);
    // A save on any instance reaches this one at its commit (ADR 016), not after the cache's TTL.
    const unsubscribe = subscribeReadChanges((change) => {
      if (change.kind === 'settings' || change.kind === 'reset') service.invalidate();
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'settings' },
);
