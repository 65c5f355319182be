import fp from 'fastify-plugin';
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
    app.decorate('settings', new SettingsService(app.dbHandle.db));
  },
  { name: 'settings' },
);
