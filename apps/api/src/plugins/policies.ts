import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PREMIUM_WISHLIST_ITEMS, type UserRole } from '@kiyasla/contracts/constants';
import { ADVANCED_FILTERS_PREMIUM_MESSAGE } from '@kiyasla/contracts/catalog-constants';
import { requestedAdvancedFilters } from '@kiyasla/contracts/listing';
import { messages } from '@kiyasla/contracts/messages';
import { SAVED_COMPARISON_LIMITS } from '@kiyasla/contracts/plans';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { authenticate, type AuthUser } from '../modules/auth/session-verifier';
import { featureDisabled, isFeatureEnabled, type FeatureSwitch } from '../modules/settings/feature-switches';

/*
 * Who may call a route, declared on the route (ARCHITECTURE.md: parse → policies → service):
 *
 *   r.post('/favorites/:productId', { onRequest: requireUser, preHandler: requireFeature('enableWishlist'), ... })
 *
 * Session policies go in `onRequest`: they refuse before the body is parsed or validated, so a
 * caller without a session gets 401, not 400. Feature switches go in `preHandler`: after the
 * schema, where the services used to check them, so every refusal keeps its place in the order.
 * Services receive the caller and the plan's limits; they no longer read switches themselves.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** null until a policy authenticated the request (or when `optionalUser` found no token). */
    user: AuthUser | null;
  }
}

/** A policy: a route's `onRequest` or `preHandler` hook that lets the request through or throws. */
export type Policy = (request: FastifyRequest) => Promise<void>;

async function ensureUser(request: FastifyRequest): Promise<AuthUser> {
  if (!request.user) {
    const { config, dbHandle, settings } = request.server;
    const cacheable = request.method === 'GET' || request.method === 'HEAD';
    request.user = await authenticate(
      { db: dbHandle.db, jwtSecret: config.jwtSecret, settings },
      request.headers.authorization,
      { cacheable },
    );
  }
  return request.user;
}

/** 401 unless a valid session is presented; sets `request.user`. */
export const requireUser: Policy = async function requireUser(request: FastifyRequest) {
  await ensureUser(request);
};

/**
 * `requireUser`, with the refusal of a caller who sent no token at all worded for the action
 * (e.g. spec §5's 'Karşılaştırma kaydetmek için giriş yapmalısınız').
 */
export function requireUserTo(message: string): Policy {
  return async function requireUserToPolicy(request: FastifyRequest) {
    if (!request.headers.authorization) throw new AppError(401, 'UNAUTHORIZED', message);
    await ensureUser(request);
  };
}

/**
 * Authenticates when an Authorization header is present (a bad token is still a
 * 401), and lets anonymous requests through with `request.user === null`.
 */
export const optionalUser: Policy = async function optionalUser(request: FastifyRequest) {
  if (request.headers.authorization) await ensureUser(request);
};

/** The caller must have one of `roles` (403 otherwise). */
export function requireRole(...roles: UserRole[]): Policy {
  return async function requireRolePolicy(request: FastifyRequest) {
    const user = await ensureUser(request);
    if (!roles.includes(user.role)) throw forbidden('FORBIDDEN', messages.generic.forbidden);
  };
}

/** The caller must hold an active premium plan (403 PREMIUM_REQUIRED otherwise). */
export function requirePlan(_plan: 'premium', message: string = messages.auth.premiumRequired): Policy {
  return async function requirePlanPolicy(request: FastifyRequest) {
    const user = await ensureUser(request);
    if (!user.isPremium) throw forbidden('PREMIUM_REQUIRED', message);
  };
}

/**
 * `requirePlan('premium')` for the requests `usesPremium` picks out of a public route (a listing
 * that asks for an advanced filter): 403 PREMIUM_REQUIRED for free and anonymous callers alike,
 * never a silently unfiltered answer; other requests pass untouched. A `preHandler`, since it
 * reads the parsed query. A token that does not verify is still a 401.
 */
export function requirePlanWhen(usesPremium: (request: FastifyRequest) => boolean, message: string): Policy {
  return async function requirePlanWhenPolicy(request: FastifyRequest) {
    if (!usesPremium(request)) return;
    if (!request.headers.authorization) throw forbidden('PREMIUM_REQUIRED', message);
    const user = await ensureUser(request);
    if (!user.isPremium) throw forbidden('PREMIUM_REQUIRED', message);
  };
}

/** The listing routes and /search refuse the premium advanced filters to other callers (ADR 019). */
export const requirePremiumForAdvancedFilters = requirePlanWhen(
  (request) => requestedAdvancedFilters(request.query as Record<string, unknown>).length > 0,
  ADVANCED_FILTERS_PREMIUM_MESSAGE,
);

/** 403 with the feature's own code and message while the admin has switched `key` off. */
export function requireFeature(key: FeatureSwitch): Policy {
  return async function requireFeaturePolicy(request: FastifyRequest) {
    if (!(await isFeatureEnabled(request.server.settings, key))) throw featureDisabled(key);
  };
}

/** Whether `key` is on, for a route whose service refuses only in some cases (a social sign-in that would create an account). */
export function featureEnabled(request: FastifyRequest, key: FeatureSwitch): Promise<boolean> {
  return isFeatureEnabled(request.server.settings, key);
}

export interface PlanLimits {
  /** Favorites: the admin `maxWishlistItems` on the free plan, PREMIUM_WISHLIST_ITEMS on any active premium plan. */
  favorites: number;
  /** Saved comparisons; null is unlimited. A lapsed premium plan counts as free. */
  savedComparisons: number | null;
}

/**
 * What the caller's plan allows. The limit is policy; counting the caller's rows against it is
 * the service's business (inside its transaction, so two requests cannot both pass).
 */
export async function planLimits(request: FastifyRequest): Promise<PlanLimits> {
  const user = currentUser(request);
  return {
    favorites: user.isPremium
      ? PREMIUM_WISHLIST_ITEMS
      : (await request.server.settings.group('features')).maxWishlistItems,
    savedComparisons: user.isPremium ? SAVED_COMPARISON_LIMITS[user.plan] : SAVED_COMPARISON_LIMITS.free,
  };
}

/** The authenticated caller inside a handler guarded by a policy. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Registers `request.user`. Register once at the root, before the route modules. */
export const policiesPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
  },
  { name: 'policies', dependencies: ['settings'] },
);
