import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientAddress, fastifyTrustProxy } from './client-address.ts';

/** A bare server with TRUST_PROXY as given, answering what clientAddress saw. */
async function seen(trustProxy: string | undefined, remoteAddress: string, xff?: string) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig(trustProxy ? { TRUST_PROXY: trustProxy } : {}).trustProxy) });
  app.get('/', async (request) => clientAddress(request));
  const res = await app.inject({ method: 'GET', url: '/', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} });
  await app.close();
  return res.json();
}

describe('clientAddress under each form of TRUST_PROXY', () => {
  it('unset: the socket, whatever the header says', async () => {
    expect(await seen(undefined, '198.51.100.9', '203.0.113.77')).toEqual({ ip: '198.51.100.9', forwarded: null });
  });

  it('a hop count: that many proxies from the socket', async () => {
    expect(await seen('1', '10.0.0.2', '203.0.113.77, 198.51.100.9')).toEqual({
      ip: '198.51.100.9',
      forwarded: { xForwardedFor: '203.0.113.77, 198.51.100.9', ipConexao: '10.0.0.2' },
    });
    expect(await seen('2', '10.0.0.2', '203.0.113.77, 198.51.100.9')).toMatchObject({ ip: '203.0.113.77' });
  });

  it('a list of CIDRs: only from those proxies, and only the entries they appended', async () => {
    expect(await seen('10.0.0.0/8', '10.0.0.2', '203.0.113.77, 198.51.100.9')).toMatchObject({ ip: '198.51.100.9' });
    expect(await seen('10.0.0.0/8', '192.0.2.1', '203.0.113.77')).toEqual({ ip: '192.0.2.1', forwarded: null });
    // Without a header there is nothing forwarded to record.
    expect(await seen('10.0.0.0/8', '10.0.0.2')).toEqual({ ip: '10.0.0.2', forwarded: null });
  });

  it('true: the client end of the header', async () => {
    expect(await seen('true', '192.0.2.1', '203.0.113.77, 198.51.100.9')).toMatchObject({ ip: '203.0.113.77' });
  });
});
