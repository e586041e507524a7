import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider for the single sign-on tests (oidc-provider, the certified implementation),
 * on a free port of this machine, with its development sign-in and consent pages: whatever login is
 * typed there is the account, whose claims are `accounts[login]`. One client, the product, with its
 * redirect, post-logout and back-channel logout addresses under `base` (the product's PUBLIC_URL).
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** A free port of this machine (this file is also loaded by the browser tests, outside vitest). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const TEST_CLIENT = { id: 'ar-online', secret: 'segredo-do-cliente-de-teste' };

export async function startOidcProvider(base: string, accounts: Record<string, TestAccount>, opts: { emailInIdToken?: boolean } = {}) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'chave-1',
    alg: 'RS256',
    use: 'sig',
  };
  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [`${base}/v2/auth/oidc/callback`],
        post_logout_redirect_uris: [`${base}/login`],
        backchannel_logout_uri: `${base}/v2/auth/oidc/backchannel-logout`,
        backchannel_logout_session_required: true,
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    features: { devInteractions: { enabled: true }, backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    claims: { openid: ['sub', 'sid'], email: ['email', 'email_verified'], profile: ['name'] },
    // Keycloak and gov.br put the e-mail in the ID token; false here does the same (true: only at userinfo).
    conformIdTokenClaims: !(opts.emailInIdToken ?? true),
    cookies: { keys: ['chave-de-cookie-do-teste'] },
    // Its back-channel logout calls the product on this machine's loopback, which the provider's
    // SSRF guard (special-use addresses) refuses by default: the test's fetch goes without it.
    fetch: (url, options) => fetch(url, { ...options, dispatcher: undefined } as RequestInit),
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, ...(accounts[id] ?? {}) }) }),
  };
  const provider = new Provider(issuer, configuration);
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    provider,
    /** The provider's private signing key (JWK), to forge tokens a test must see refused or accepted. */
    signingKey,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A cookie jar for the provider's side of a browser: name → value, from Set-Cookie headers. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's pages as a browser would, from `url` until a redirect leaves the provider:
 * the development sign-in form with `login`, then its consent form. Answers the address the browser
 * is sent to (the product's callback with code and state, or the post-logout page).
 */
export async function walkProvider(
  url: string,
  jar: CookieJar,
  issuer: string,
  login: string,
  opts: { logout?: 'yes' | 'no' } = {},
): Promise<string> {
  let next = url;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (!next.startsWith(issuer)) return next;
    const res = await fetch(next, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.take(res);
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, next).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${next}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    // A page without a form is where the walk ends at the provider (its 'signed out' page).
    if (!action) return next;
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const prompt = hidden.prompt;
    const fields: Record<string, string> =
      prompt === 'login'
        ? { ...hidden, login, password: 'qualquer' }
        : prompt === 'consent'
          ? hidden
          : { ...hidden, ...(opts.logout === 'yes' ? { logout: 'yes' } : {}) };
    next = new URL(action.replace(/&amp;/g, '&'), next).href;
    method = 'POST';
    body = new URLSearchParams(fields).toString();
  }
  throw new Error('too many hops at the provider');
}
