import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * The SPA's policy (docs/security.md): scripts only from the product's own files, never inline;
 * styles inline too, because Mantine writes its CSS variables in <style> elements and positions
 * menus and popovers with style attributes. Images also from https (a message's own images, shown
 * in the sandboxed frames of the detail and public pages); no framing of the product by anyone.
 */
const SPA_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // AR-Voz's public page plays the recording it downloaded once (a blob), docs/voice.md.
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The origin of a URL or an XYZ template (its {s}, {z}... placeholders made harmless first). */
function originOf(url: string): string | null {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return null;
  }
}

/**
 * The SPA's policy for this installation: the web's error reports may go to its DSN's origin
 * (SENTRY_DSN_WEB, docs/error-reporting.md) and nowhere else; the tracking map's tiles come from
 * MAP_TILES_URL's origin when set (docs/maps.md). A tile template with a {s} subdomain allows the
 * subdomains of its host. Neither set: the policy is SPA_DIRECTIVES as it stands.
 */
export function spaDirectives(config: Pick<Config, 'errorReporting' | 'map'>): Directives {
  const directives = { ...SPA_DIRECTIVES };
  const dsn = config.errorReporting?.webDsn;
  const reports = dsn ? originOf(dsn) : null;
  if (reports) directives['connect-src'] = [...SPA_DIRECTIVES['connect-src'], reports];
  const tiles = config.map.tilesUrl;
  if (tiles) {
    const origin = originOf(tiles);
    const hosts = tiles.includes('{s}') && origin ? origin.replace('://a.', '://*.') : origin;
    if (hosts) directives['img-src'] = [...SPA_DIRECTIVES['img-src'], hosts];
  }
  return directives;
}

/**
 * The local mailbox (/dev/mailbox, embedded mode only) shows each e-mail as its recipient would see
 * it: its own inline styles and its images from anywhere, and nothing that runs (the message is in
 * a sandboxed frame without scripts, and this policy has no script source at all).
 */
export const MAILBOX_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ['*', 'data:'],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The simulated phone (/dev/telefone, only while a channel is on the simulator): its own styles,
 * plain HTML forms posting to itself (a reply, a button), and nothing that runs.
 */
export const TELEFONE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  // The calls' recordings play on the phone page (/dev/telefone/{número}/chamadas/{sid}/gravacao).
  'media-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Paths that carry a message's uuid or a one-time token, and the recipient's public pages and API:
 * pages there send no Referer at all, so neither the uuid, a token nor a security answer a link
 * still carries (the spec's `?verify=`) reaches the sites their links open (docs/security.md).
 */
const NO_REFERRER_PREFIXES = [
  '/emails/info/public/',
  '/v2/emails/info/public/',
  '/v2/email/public/',
  // The stamp validator the public page opens (its result token in the query) and its calls.
  '/validador',
  '/v2/emails/validar-carimbo',
  '/reset/',
  '/v2/usuarios/reset/',
  '/sign-up/',
  '/v2/usuarios/registration/',
  '/confirm-registration/',
  '/v2/usuarios/confirm-registration/',
];

/** The open-tracking image is loaded by mail clients on other sites: it must not be same-origin only. */
const PIXEL = /^\/v2\/emails\/info\/public\/[^/?]+\/track-email\/pixel\.gif(?:\?|$)/;

/**
 * The path as the router and the browser's router may read it: percent-decoded, any case (the SPA's
 * routes match without case), repeated slashes as one; so `/emails/info/%70ublic/…` is public too.
 */
function pathOf(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return path.toLowerCase().replace(/\/{2,}/g, '/');
}

const isHttps = (config: Config) => config.publicUrl.startsWith('https:');

export const cspOf = (directives: Directives, config: Config): Directives =>
  isHttps(config) ? { ...directives, 'upgrade-insecure-requests': [] } : directives;

/**
 * Security headers on every response, by @fastify/helmet: a CSP, nosniff, frame denial, a referrer
 * policy, HSTS when PUBLIC_URL is https (only then does the browser reach the product over TLS; on
 * plain http the header would be ignored, and upgrading requests would break a local install).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspOf(spaDirectives(config), config) },
    // One year, this host only: the operator's other subdomains may not all speak TLS.
    strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    const path = pathOf(url);
    if (NO_REFERRER_PREFIXES.some((p) => path.startsWith(p))) reply.header('referrer-policy', 'no-referrer');
    if (PIXEL.test(url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

/** Route options for the local mailbox's pages: its own policy instead of the SPA's. */
export const mailboxHelmet = (config: Config) => ({
  helmet: { contentSecurityPolicy: { useDefaults: false, directives: cspOf(MAILBOX_DIRECTIVES, config) } },
});

/** Route options for the simulated phone's pages (TELEFONE_DIRECTIVES). */
export const telefoneHelmet = (config: Config) => ({
  helmet: { contentSecurityPolicy: { useDefaults: false, directives: cspOf(TELEFONE_DIRECTIVES, config) } },
});
