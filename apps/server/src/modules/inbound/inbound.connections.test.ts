import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { deliverSmtp } from '../../../test/smtp-client.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { type InboundLimits, type InboundServer, startInboundServer } from './inbound.server.ts';

// Idle connections must not shut the inbound listener (docs/inbound.md, "Connections").
// The idle clients connect from other loopback addresses (127.0.0.2 and up: Linux routes all of
// 127/8 to lo); the real delivery comes from 127.0.0.1 with python's smtplib.

let protocol: string;
const servers: InboundServer[] = [];
const sockets: net.Socket[] = [];

const { app } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  const token = await app.t.login('usuario@demo.local');
  const res = await app.call('POST', '/emails/send', token, {
    destinataires: [{ to: 'ocupado@cliente.test', nameTo: 'Ocupado' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezado(a), segue a notificação.</p>',
  });
  expect(res.statusCode).toBe(200);
  protocol = res.json().emails[0].ema_uni_id;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const s of servers) await s.close();
});

async function listen(limits: Partial<InboundLimits> = {}) {
  const server = await startInboundServer(app.t.ctx, { port: 0, host: '127.0.0.1', limits });
  servers.push(server);
  return server;
}

/** A client that connects from `localAddress` and says nothing: its first reply line, and when it is closed. */
function idleClient(port: number, localAddress: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  socket.on('error', () => {});
  const firstLine = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n')) resolve(received.split('\r\n')[0] ?? '');
    });
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  return { socket, firstLine, closed, text: () => received };
}

const reply = (to: string, subject: string) =>
  [
    'From: "Ana Cliente" <ana@cliente.test>',
    `To: ${to}`,
    `Subject: ${subject}`,
    'Date: Wed, 25 Nov 2026 04:00:00 -0300',
    `Message-ID: <ocupado-${Math.random().toString(36).slice(2)}@cliente.test>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Recebi a notificação.',
    '',
  ].join('\r\n');

const filed = async (subject: string) =>
  (await app.t.ctx.db.selectFrom('emails_recebidos').select('rec_codigo').where('rec_subject', '=', subject).execute()).length;

describe('inbound SMTP connections', () => {
  it('100 idle connections from 10 addresses: at most 5 each get in, and a reply is still delivered', async () => {
    const inbound = await listen();
    const idle = Array.from({ length: 100 }, (_, i) => idleClient(inbound.port, `127.0.0.${2 + (i % 10)}`));
    const lines = await Promise.all(idle.map((c) => c.firstLine));
    const greeted = lines.filter((l) => l.startsWith('220'));
    expect(greeted).toHaveLength(50);
    expect(lines.filter((l) => l === '421 4.7.0 Muitas conexoes deste endereco; tente novamente mais tarde')).toHaveLength(50);

    const to = `resposta+${protocol}@ar.test`;
    const conv = await deliverSmtp({ port: inbound.port, from: 'ana@cliente.test', rcpt: [to], data: reply(to, 'Re: com 100 ociosas') });
    expect(conv.connect).toBeUndefined();
    expect(conv.rcpt?.[0]?.[0]).toBe(250);
    expect(conv.data?.[0]).toBe(250);
    expect(await filed('Re: com 100 ociosas')).toBe(1);
    for (const c of idle) c.socket.destroy();
  });

  it('keeps the last slots for addresses with nothing open', async () => {
    // 12 slots, the last 4 for new addresses: 127.0.0.2 takes 5, 127.0.0.3 only 3 more (8 open),
    // 127.0.0.4 its first only; 127.0.0.1, new, still gets in.
    const inbound = await listen({ maxClients: 12, reservedForNewAddresses: 4, maxConnectionsPerIp: 5 });
    const counts: Record<string, number> = {};
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      const clients = Array.from({ length: 5 }, () => idleClient(inbound.port, address));
      const lines = await Promise.all(clients.map((c) => c.firstLine));
      counts[address] = lines.filter((l) => l.startsWith('220')).length;
      expect(lines.filter((l) => !l.startsWith('220')).every((l) => l === '421 4.7.0 Servidor ocupado; tente novamente mais tarde')).toBe(
        true,
      );
    }
    expect(counts).toEqual({ '127.0.0.2': 5, '127.0.0.3': 3, '127.0.0.4': 1 });

    const to = `resposta+${protocol}@ar.test`;
    const conv = await deliverSmtp({ port: inbound.port, from: 'ana@cliente.test', rcpt: [to], data: reply(to, 'Re: vaga reservada') });
    expect(conv.connect).toBeUndefined();
    expect(conv.data?.[0]).toBe(250);
    expect(await filed('Re: vaga reservada')).toBe(1);
  });

  it('closes a connection that sends no command within the first-command timeout, not one that spoke', async () => {
    const inbound = await listen({ firstCommandTimeoutMs: 400 });
    const silent = idleClient(inbound.port, '127.0.0.5');
    const talker = idleClient(inbound.port, '127.0.0.6');
    expect(await silent.firstLine).toMatch(/^220 /);
    expect(await talker.firstLine).toMatch(/^220 /);
    talker.socket.write('EHLO cliente.test\r\n');
    const start = Date.now();
    const closedAt = await Promise.race([silent.closed, new Promise<number>((r) => setTimeout(() => r(0), 5000))]);
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - start).toBeLessThan(3000);
    expect(silent.text()).toContain('421 ');
    // The one that spoke has the usual idle timeout (60 s): still open well after the short one.
    await waitFor(
      () => talker.text(),
      (s) => s.includes('250 '),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(talker.socket.destroyed).toBe(false);
    talker.socket.write('QUIT\r\n');
  });
});
