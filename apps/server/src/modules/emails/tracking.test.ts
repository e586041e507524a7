import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type TestApp, useTestApp } from '../../../test/harness.ts';
import { pdfPageImages, pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';

/**
 * The tracking panel's data (spec 001 §2.7) and the laudo's map (docs/maps.md): a person reads the
 * message in Rio de Janeiro (a public address, through TRUST_PROXY); the sender who may view
 * geolocation gets the read with its place on the sent detail, one who may not gets no panel, and
 * the laudo draws the place on a map.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const RIO = '200.147.67.142'; // Rio de Janeiro (DB-IP)

const setGeolocation = (t: TestApp, on: boolean) =>
  t.ctx.db.updateTable('usuarios').set({ usu_visualizar_geolocalizacao: on }).where('usu_login', '=', 'usuario@demo.local').execute();

describe('tracking on the sent detail and the laudo', () => {
  const app = useTestApp({ TRUST_PROXY: '127.0.0.1' }, { startQueue: true });
  let t: TestApp;
  let token: string;
  let code: number;
  let uuid: string;

  beforeAll(async () => {
    t = app.t;
    token = await t.login('usuario@demo.local');
    const sent = await t.send(token, {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Notificação',
      content: '<p>Prezada Ana, segue a notificação.</p>',
    });
    expect(sent.statusCode).toBe(200);
    ({ ema_uni_id: uuid, ema_uni_codigo: code } = sent.json().emails[0]);
    await waitFor(
      () => t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow(),
      (m) => m.ema_status_email === 'send',
    );
    // A person opens the page minutes after the delivery (sooner is taken for a scanner: docs/reads.md).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v2/emails/info/public/${uuid}/track-email/leitura`,
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': RIO },
      remoteAddress: '127.0.0.1',
    });
    vi.useRealTimers();
    expect(read.json()).toMatchObject({ registrado: true, classificacao: 'pessoa' });
  }, 60_000);

  it('answers the located read, its channel and position, to a user who may view geolocation', async () => {
    await setGeolocation(t, true);
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/send/${code}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().tracking).toEqual([
      expect.objectContaining({
        canal: 'email',
        acao: 'leitura',
        ip: RIO,
        city: 'Rio de Janeiro',
        country: 'BR',
        position: { lat: expect.any(Number), lng: expect.any(Number) },
      }),
    ]);
    const { position } = res.json().tracking[0];
    expect(position.lat).toBeCloseTo(-22.9, 0);
    expect(position.lng).toBeCloseTo(-43.2, 0);
  });

  it('answers no tracking at all to a user who may not view geolocation', async () => {
    await setGeolocation(t, false);
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/send/${code}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().tracking).toBeNull();
    expect(res.body).not.toContain(RIO);
    await setGeolocation(t, true);
  });

  it('tags the public page rows with their channel', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${uuid}` });
    expect(res.json().clickTracking).toEqual([expect.objectContaining({ canal: 'email', acao: 'leitura', city: 'Rio de Janeiro' })]);
  });

  it('draws the located read on a map in the laudo, visible once rendered', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/report/laudo/${code}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('2A. Mapa dos acessos localizados');
    expect(text).toMatch(
      /1\. Rio de Janeiro, Rio de Janeiro, BR \(lat -22\.\d+, lng -43\.\d+\) — leitura mais recente: Leitura \(AR-Email\) em/,
    );
    expect(text).toContain('Contornos: Natural Earth');
    // The page with the map, as pdftoppm renders it: the sea, the land and the red marker of the latest read.
    const pages = await pdfPageImages(res.rawPayload, { first: 1, last: 2 });
    const count = (png: PNG, [r, g, b]: number[]) => {
      let n = 0;
      for (let i = 0; i < png.data.length; i += 4)
        if (Math.abs(png.data[i]! - r!) < 12 && Math.abs(png.data[i + 1]! - g!) < 12 && Math.abs(png.data[i + 2]! - b!) < 12) n++;
      return n;
    };
    const page = pages.find((p) => count(p, [0xd0, 0xe3, 0xf5]) > 5000);
    expect(page, 'a page with the map').toBeDefined();
    expect(count(page as PNG, [0xf8, 0xf9, 0xfa])).toBeGreaterThan(5000); // land
    expect(count(page as PNG, [0xc9, 0x2a, 0x2a])).toBeGreaterThan(40); // the marker
    if (process.env.KEEP_RENDERS) {
      fs.mkdirSync(process.env.KEEP_RENDERS, { recursive: true });
      fs.writeFileSync(path.join(process.env.KEEP_RENDERS, 'laudo-mapa.png'), PNG.sync.write(page as PNG));
    }
  }, 60_000);
});
