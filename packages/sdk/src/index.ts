import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export interface ArClientOptions extends ClientOptions {
  /** The installation's address (its PUBLIC_URL), e.g. https://ar.exemplo.com.br; the paths carry /v2. */
  baseUrl: string;
  /** A session token (POST /v2/login) or an API key (ark_…): sent as Authorization: Bearer. */
  token?: string;
}

/**
 * A typed client of the AR Online API (openapi-fetch over the types generated from the OpenAPI
 * document): `client.POST('/v2/emails/send', { body })`, `client.GET('/v2/emails/status/{id}',
 * { params: { path: { id } } })`. Each call answers `{ data, error, response }`: `error` is the
 * server's `{ message }` in Portuguese when the status is not 2xx.
 */
export function createArClient({ token, headers, ...options }: ArClientOptions): Client<paths> {
  return createClient<paths>({
    ...options,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string> | undefined) },
  });
}
