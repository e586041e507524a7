import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config.ts';

/**
 * TRUST_PROXY in the form Fastify's types take: a hop count becomes the function proxy-addr would
 * make of it (trust the first `n` hops from the socket); the other forms pass as they are.
 */
export const fastifyTrustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** How much of a forwarded header is kept as evidence (a real chain of proxies is far shorter). */
const MAX_HEADER = 1000;

export interface ForwardedFrom {
  /** The X-Forwarded-For header exactly as the trusted proxy sent it. */
  xForwardedFor: string;
  /** The address of the connection itself: the proxy's. */
  ipConexao: string;
}

export interface ClientAddress {
  /** The address the product records and limits by: the socket's, or the one a trusted proxy forwarded. */
  ip: string;
  /** Set only when TRUST_PROXY made the product use X-Forwarded-For for this request. */
  forwarded: ForwardedFrom | null;
}

/**
 * The client's address as TRUST_PROXY allows (docs/security.md). Fastify answers `request.ip` from
 * the proxies it trusts; `request.ips` (only with TRUST_PROXY) lists the socket's address and then
 * each forwarded one it went through, so more than one entry means the header was used.
 */
export function clientAddress(request: FastifyRequest): ClientAddress {
  const socket = request.socket?.remoteAddress ?? request.ip;
  const header = request.headers['x-forwarded-for'];
  const raw = Array.isArray(header) ? header.join(', ') : header;
  const used = raw !== undefined && (request.ips?.length ?? 0) > 1;
  return {
    ip: request.ip,
    forwarded: used ? { xForwardedFor: raw.slice(0, MAX_HEADER), ipConexao: socket } : null,
  };
}

/** The event details that record a forwarded address (none when the socket's address was used). */
export const forwardedDetails = (forwarded: ForwardedFrom | null | undefined): Record<string, string> =>
  forwarded ? { xForwardedFor: forwarded.xForwardedFor, ipConexao: forwarded.ipConexao } : {};
