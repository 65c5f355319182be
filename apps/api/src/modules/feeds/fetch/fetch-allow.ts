import type { FastifyInstance } from 'fastify';

/**
 * The allow-list of a download from another site (a feed pull, a picture kept at save):
 * FEED_FETCH_ALLOW and the admin setting api.feedFetchAllow, read at each use so a saved change
 * applies at once. Saving a feed URL judges it by the same list.
 */
export async function feedFetchAllow(app: FastifyInstance): Promise<string[]> {
  return [...app.config.feeds.fetchAllow, ...(await app.settings.group('api')).feedFetchAllow];
}
