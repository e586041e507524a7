import client from 'prom-client';

// The product's Prometheus metrics (docs/operations.md, "Metrics"). One registry per process;
// GET /metrics (metrics.routes.ts) serves it, or, under `npm run start:cluster`, the sum of every
// process's (cluster-metrics.ts). No label carries an id, an address, an e-mail or a phone number:
// every label value below comes from a fixed list (a channel, a status, a provider's name, a queue's
// name, a route's template), never from a request or a message.

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

/** Unknown routes (the SPA's fallback, a 404) share one label value: their paths are the client's, unbounded. */
export const UNMATCHED_ROUTE = '(sem rota)';

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duração das requisições HTTP, por método, modelo da rota (sem ids) e status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const messagesTotal = new client.Counter({
  name: 'ar_messages_total',
  help: 'Eventos de status registrados nas mensagens, por canal (email, sms, whatsapp, voz, carta) e status',
  labelNames: ['channel', 'status'] as const,
  registers: [registry],
});

/** The outside systems a send goes through (docs/channels.md, docs/letters.md). */
export type ProviderName = 'smtp' | 'twilio' | 'graph' | 'zenvia' | 'carta';

export const providerDuration = new client.Histogram({
  name: 'ar_provider_request_duration_seconds',
  help: 'Duração das chamadas aos provedores (SMTP, Twilio, Graph, Zenvia, carta), por provedor e operação',
  labelNames: ['provider', 'operation'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const providerFailures = new client.Counter({
  name: 'ar_provider_failures_total',
  help: 'Chamadas aos provedores que falharam (erro de rede, tempo esgotado ou recusa), por provedor e operação',
  labelNames: ['provider', 'operation'] as const,
  registers: [registry],
});

export const timestampDuration = new client.Histogram({
  name: 'ar_timestamp_request_duration_seconds',
  help: 'Duração dos pedidos de carimbo do tempo (RFC 3161), por TSA (builtin ou externa)',
  labelNames: ['tsa'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  registers: [registry],
});

export const timestampFailures = new client.Counter({
  name: 'ar_timestamp_failures_total',
  help: 'Pedidos de carimbo do tempo que falharam, por TSA (builtin ou externa)',
  labelNames: ['tsa'] as const,
  registers: [registry],
});

/**
 * Times one call to a provider and counts it as failed when it throws or when `failed` says its
 * answer is a refusal (an HTTP status the caller does not accept). The call's own result or error
 * is passed on untouched.
 */
export async function observeProviderCall<T>(
  provider: ProviderName,
  operation: string,
  call: () => Promise<T>,
  failed: (result: T) => boolean = () => false,
): Promise<T> {
  const end = providerDuration.startTimer({ provider, operation });
  try {
    const result = await call();
    if (failed(result)) providerFailures.inc({ provider, operation });
    return result;
  } catch (error) {
    providerFailures.inc({ provider, operation });
    throw error;
  } finally {
    end();
  }
}

/** `fetch` to a provider's HTTP API, timed; an answer that is not 2xx counts as a failure. */
export function providerFetch(provider: ProviderName, operation: string, url: string, init: RequestInit): Promise<Response> {
  return observeProviderCall(
    provider,
    operation,
    () => fetch(url, init),
    (res) => !res.ok,
  );
}

/** The last time-stamp request of this process and how it ended: /readyz's TSA check reads it (health.ts). */
export let lastTimestamp: { at: number; error: string | null } | null = null;

/** Times one time-stamp request, counts its failure and keeps its outcome for /readyz. */
export async function observeTimestamp<T>(tsa: 'builtin' | 'externa', call: () => Promise<T>): Promise<T> {
  const end = timestampDuration.startTimer({ tsa });
  try {
    const result = await call();
    lastTimestamp = { at: Date.now(), error: null };
    return result;
  } catch (error) {
    timestampFailures.inc({ tsa });
    lastTimestamp = { at: Date.now(), error: error instanceof Error ? error.message : String(error) };
    throw error;
  } finally {
    end();
  }
}
