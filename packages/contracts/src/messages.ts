/**
 * The Turkish message catalogue shared by the API and the web app. Strings quoted in the
 * specification are reproduced verbatim; keys are stable and never shown to users.
 *
 * Each section is a module of its own (messages/<section>.ts; `generic` is two: the client's own
 * words, and the server's answers to requests in messages/http.ts). The web app imports the
 * modules it reads (`catalogMessages` from `@kiyasla/contracts/messages/catalog`), never
 * `messages`: the bundler places a module in one chunk, and the site's shell would otherwise carry
 * the whole catalogue (~4 KB gzip) to every page, where the pages read a few of its strings
 * (ADR 011).
 */
import { genericMessages } from './messages/generic';
import { httpMessages } from './messages/http';
import { catalogMessages } from './messages/catalog';
import { healthMessages } from './messages/health';
import { metricsMessages } from './messages/metrics';
import { authMessages } from './messages/auth';
import { favoritesMessages } from './messages/favorites';
import { comparisonsMessages } from './messages/comparisons';
import { alertsMessages } from './messages/alerts';
import { notificationsMessages } from './messages/notifications';
import { gatesMessages } from './messages/gates';

export const messages = {
  generic: { ...genericMessages, ...httpMessages },
  catalog: catalogMessages,
  health: healthMessages,
  metrics: metricsMessages,
  auth: authMessages,
  favorites: favoritesMessages,
  comparisons: comparisonsMessages,
  alerts: alertsMessages,
  notifications: notificationsMessages,
  gates: gatesMessages,
} as const;
