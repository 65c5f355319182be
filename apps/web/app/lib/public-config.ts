/**
 * GET /api/config: what operators set in the back office that the web app obeys (feature
 * switches, limits, password policy, plans, sign-in providers). Read through TanStack Query
 * so every screen shares one request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@kiyasla/contracts/public-config';
import { apiGet } from './api-client';

export function getPublicConfig(): Promise<PublicConfig> {
  return apiGet<PublicConfig>('/config');
}

export const publicConfigQuery = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

/** The public configuration; `undefined` while it loads (callers fall back to the contract defaults). */
export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQuery()).data;
}
