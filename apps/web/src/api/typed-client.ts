import type { paths } from '@ar/sdk';
import createClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import { sessionFetch, toQuery } from './client.ts';

/**
 * The web's calls to /v2 through the SDK's client (packages/sdk: openapi-fetch over the types
 * generated from the server's OpenAPI document), so that paths, parameters, bodies and answers are
 * the contracts' own and a call the server does not have does not compile:
 *
 *   apiClient.GET('/v2/etiquetas/{id}', { params: { path: { id } }, silent: true })
 *
 * answers the success body itself. Every call leaves through sessionFetch (client.ts): the session
 * cookie and CSRF header, 401 ending the session, a network failure shown once ('Erro Interno' or
 * offline) and rejected as ApiError status 0, a page being left showing nothing, failures remembered
 * and reported, `silent` as before.
 */
const client: Client<paths> = createClient<paths>({
  // The query as the web always sent it: empty values left out, a list as the key repeated.
  querySerializer: (query) => toQuery(query as Record<string, unknown>).slice(1),
});

export interface CallOptions {
  /** Do not report a server's failure: the caller shows its own message (a network failure is still shown). */
  silent?: boolean;
}

type Method = 'get' | 'post' | 'put' | 'delete';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The call's options: required when the operation has a required parameter or body, as openapi-fetch has it. */
type InitArgs<I> =
  RequiredKeys<NonNullable<I>> extends never ? [init?: NonNullable<I> & CallOptions] : [init: NonNullable<I> & CallOptions];

/** The success body of one operation, as the typed client answers it. */
export type ApiResponse<M extends Method, P extends ClientPathsWithMethod<Client<paths>, M>> = MethodResponse<Client<paths>, M, P>;

/** The JSON body one operation takes, as the typed client sends it. */
export type ApiBody<M extends Method, P extends ClientPathsWithMethod<Client<paths>, M>> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type Call<M extends Method> = <P extends ClientPathsWithMethod<Client<paths>, M>>(
  path: P,
  ...init: InitArgs<MaybeOptionalInit<paths[P], M>>
) => Promise<MethodResponse<Client<paths>, M, P>>;

/**
 * One method of apiClient. Its signature (Call) is the typed one; inside, the path and options
 * are already checked by it, so they go to openapi-fetch's request() as they are.
 */
function caller<M extends Method>(method: M): Call<M> {
  const call = async (path: string, init: Record<string, unknown> & CallOptions = {}) => {
    const { silent, ...options } = init;
    const { data } = await client.request(
      method as 'get',
      path as never,
      {
        ...options,
        // Absolute, same origin: the Request openapi-fetch builds needs it outside a browser page too (unit tests).
        baseUrl: window.location.origin,
        fetch: (request: Request) => sessionFetch(request, silent),
      } as never,
    );
    return data;
  };
  return call as unknown as Call<M>;
}

export const apiClient = {
  GET: caller('get'),
  POST: caller('post'),
  PUT: caller('put'),
  DELETE: caller('delete'),
};
