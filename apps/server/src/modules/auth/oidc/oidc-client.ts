import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { createRemoteJWKSet } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config.ts';

/*
 * The product's OpenID Connect client (docs/access.md, "Single sign-on"), on openid-client (the
 * certified relying-party library): the provider's configuration comes from its discovery document
 * and is read again every DISCOVERY_TTL_MS, or at the next sign-in after a failed read; the keys
 * that sign ID tokens are fetched by openid-client, and those of the back-channel logout tokens by
 * jose's remote key set, both read again when a token names a key they do not know (rotation).
 */

/** How long a discovery document is trusted before it is read again. */
export const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** How long a call to the provider may take. */
const PROVIDER_TIMEOUT_S = 10;

interface Discovered {
  configuration: client.Configuration;
  logoutKeys: ReturnType<typeof createRemoteJWKSet>;
  at: number;
}

const discovered = new WeakMap<OidcConfig, Promise<Discovered>>();

/** How the client proves itself at the token endpoint: private_key_jwt with a key file, client_secret_basic otherwise. */
async function clientAuth(oidc: OidcConfig): Promise<client.ClientAuth> {
  if (!oidc.privateKeyFile) return client.ClientSecretBasic(oidc.clientSecret);
  const pem = createPrivateKey(fs.readFileSync(oidc.privateKeyFile));
  const alg = pem.asymmetricKeyType === 'ec' ? { name: 'ECDSA', namedCurve: 'P-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const key = await crypto.subtle.importKey('pkcs8', pem.export({ format: 'der', type: 'pkcs8' }), alg, false, ['sign']);
  return client.PrivateKeyJwt(oidc.privateKeyId ? { key, kid: oidc.privateKeyId } : key);
}

async function discover(oidc: OidcConfig): Promise<Discovered> {
  const insecure = new URL(oidc.issuer).protocol === 'http:';
  const configuration = await client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, await clientAuth(oidc), {
    timeout: PROVIDER_TIMEOUT_S,
    // Plain http only for a provider on this machine's loopback (config.ts refuses any other).
    ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
  });
  configuration.timeout = PROVIDER_TIMEOUT_S;
  const jwksUri = configuration.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error('o provedor não publica jwks_uri');
  return {
    configuration,
    logoutKeys: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_S * 1000 }),
    at: Date.now(),
  };
}

/** The provider's configuration (discovered, cached for DISCOVERY_TTL_MS; a failed discovery is tried again next time). */
export async function oidcProvider(oidc: OidcConfig): Promise<Discovered> {
  const current = discovered.get(oidc);
  if (current) {
    const value = await current.catch(() => null);
    if (value && Date.now() - value.at < DISCOVERY_TTL_MS) return value;
  }
  const next = discover(oidc);
  discovered.set(oidc, next);
  next.catch(() => discovered.delete(oidc));
  return next;
}

/** Forgets a discovered configuration (tests that restart their provider). */
export function forgetOidcProvider(oidc: OidcConfig): void {
  discovered.delete(oidc);
}
