import type { PublicConfigResponse } from '@ar/core';
import { useEffect, useState } from 'react';
import { apiClient } from '../api/typed-client.ts';

/** GET /config: what this installation offers (core's contract). */
export type PublicConfig = PublicConfigResponse;

// Read once per page load and kept: it changes only with the server's configuration. Plain React
// rather than react-query, because the login screen shows it and loads no query library
// (docs/performance.md, web budget).
let loaded: PublicConfig | undefined;
let loading: Promise<PublicConfig> | null = null;

export function loadPublicConfig(): Promise<PublicConfig> {
  loading ??= apiClient.GET('/v2/config', { silent: true }).then(
    (config) => {
      loaded = config;
      return config;
    },
    (e: unknown) => {
      loading = null; // a failed read is tried again by the next screen that needs it
      throw e;
    },
  );
  return loading;
}

export function usePublicConfig(): { data: PublicConfig | undefined } {
  const [data, setData] = useState(loaded);
  useEffect(() => {
    if (data) return;
    let live = true;
    loadPublicConfig().then(
      (config) => {
        if (live) setData(config);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [data]);
  return { data };
}
