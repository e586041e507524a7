import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { INTEGRATION_MSG } from '@ar/core';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AppError } from '../../http/errors.ts';

/**
 * Webhook URLs and server-side request forgery (docs/integrations.md, docs/security.md). An endpoint
 * must resolve to public addresses only: loopback, private, link-local (the cloud metadata address
 * 169.254.169.254 among them), carrier-grade NAT, unique-local, multicast, reserved and unspecified
 * addresses are refused with 422 when the endpoint is registered; and since a name may resolve
 * elsewhere later (DNS rebinding), the delivery's HTTP agent checks the address it actually
 * connects to (request-filtering-agent). WEBHOOK_ALLOW_PRIVATE=true lifts both (demo mode, tests).
 */

/** Whether an IP address is a public unicast one (ipaddr.js ranges; an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Refuses (422) a webhook URL whose host is, or resolves to, any address that is not public. */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new AppError(422, INTEGRATION_MSG.webhookUrlUnresolved);
    }
  }
  if (addresses.length === 0) throw new AppError(422, INTEGRATION_MSG.webhookUrlUnresolved);
  if (!addresses.every(isPublicAddress)) throw new AppError(422, INTEGRATION_MSG.webhookUrlPrivate);
}

const agents = {
  guarded: {
    http: new RequestFilteringHttpAgent({ keepAlive: false }),
    https: new RequestFilteringHttpsAgent({ keepAlive: false }),
  },
  open: { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) },
};

export interface PostResult {
  /** The HTTP status; null when there was none (timeout, refused connection, refused address). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs a JSON body and waits at most `timeoutMs` for the whole answer (its body is read and
 * dropped, up to 64 KiB kept for nothing). Never throws: every failure is an answer.
 */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const agent = (opts.allowPrivate ? agents.open : agents.guarded)[secure ? 'https' : 'http'];
  const send = secure ? https.request : http.request;
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number | null, error: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ status, error: error?.slice(0, 300) ?? null, durationMs: Math.round(performance.now() - started) });
    };
    const req = send(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => finish(res.statusCode ?? null, null));
        res.on('error', (err) => finish(res.statusCode ?? null, err.message));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(null, `sem resposta em ${Math.round(opts.timeoutMs / 1000)} s`);
    }, opts.timeoutMs);
    req.on('error', (err) => finish(null, /not allowed/.test(err.message) ? 'endereço recusado (rede privada ou local)' : err.message));
    req.end(body);
  });
}
