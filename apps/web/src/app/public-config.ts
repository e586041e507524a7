import type { PublicConfigResponse } from '@ar/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** GET /config: what this installation offers (core's contract). */
export type PublicConfig = PublicConfigResponse;

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>('/config', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
