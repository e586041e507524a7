import { createHash } from 'node:crypto';
import { brasiliaIsoDay, defaultDashboardRange, isS10, STATUS_LABELS } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSelfCallingApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { brasilia } from './format.ts';

/**
 * AR-Voz and AR-Carta in the documents and on the public page (docs/proofs.md): one message sent by
 * e-mail, a call and a letter on the embedded simulators (real HTTP, real signatures, PUBLIC_URL the
 * app's own port), then the proof, the expert report and the public page read as their readers do.
 */
let t: TestApp;
let token: string;
let cod: number;
let uuid: string;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/v2${url}`, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

const events = () =>
  t.ctx.db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select(['e.evt_seq', 'e.evt_canal', 'e.evt_tipo', 'e.evt_data', 'e.evt_hash', 'e.evt_detalhes', 'c.car_serial', 'c.car_gen_time'])
    .where('e.cod_email', '=', cod)
    .orderBy('e.evt_seq')
    .execute();
const detail = (e: { evt_detalhes: unknown }) => e.evt_detalhes as Record<string, unknown>;
const recordingEvent = async () => (await events()).find((e) => e.evt_canal === 'voz' && detail(e).etapa === 'gravação da chamada');
const letterRow = () => t.ctx.db.selectFrom('cartas').selectAll().where('cod_email', '=', cod).executeTakeFirstOrThrow();
/** The PDF's text without its line breaks and spaces: a hash the layout wrapped reads whole again. */
const squeezed = (s: string) => s.replace(/\s+/g, '');

beforeAll(async () => {
  ({ t } = await createSelfCallingApp({ SIMULATOR_DELAY_MS: '250', VOICE_PROVIDER: 'simulator' }, { startQueue: true }));
  token = await t.login('usuario@demo.local');
  await t.ctx.db.updateTable('usuarios').set({ usu_aceita_ar_voz: true }).where('usu_login', '=', 'usuario@demo.local').execute();
  const res = await call('POST', '/emails/send', {
    destinataires: [
      {
        to: 'bruno@cliente.test',
        nameTo: 'Bruno Lima',
        voz: { name: 'Bruno Lima', mobile: '(41) 98765-4321' },
        carta: {
          nome: 'Bruno Lima',
          endereco: 'Rua das Flores',
          numero: '120',
          bairro: 'Centro',
          cidade: 'Curitiba',
          estado: 'PR',
          cep: '80010-000',
        },
      },
    ],
    nameFrom: 'Escritório Souza',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezado Bruno, segue a notificação.</p>',
  });
  expect(res.statusCode, res.body).toBe(200);
  ({ ema_uni_codigo: cod, ema_uni_id: uuid } = res.json().emails[0]);
  await waitFor(
    () =>
      t.ctx.db
        .selectFrom('emails')
        .select(['ema_status_carta', 'ema_status_voz'])
        .where('ema_uni_codigo', '=', cod)
        .executeTakeFirstOrThrow(),
    (m) => m.ema_status_carta === 'delivered' && m.ema_status_voz === 'acknowledged',
    // Generous: on a loaded machine the letter's render, queue and tracking steps take their time.
    90_000,
  );
  await waitFor(recordingEvent, (e) => !!e, 20_000);
  // Every event stamped before the documents are made.
  await waitFor(events, (rows) => rows.every((r) => r.car_serial !== null), 40_000);
}, 200_000);

afterAll(async () => {
  await t?.close();
});

describe('the sending proof with a call and a letter', () => {
  it('answers the call’s statuses and steps with the recording’s SHA-256, and the letter with its S10 code, PDF and AR hashes', async () => {
    const res = await call('GET', `/emails/sending-proof/${cod}`);
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json();
    const rows = await events();
    const recording = await recordingEvent();
    const gravacao = detail(recording!).gravacao as { sha256: string; arquivo: string };
    // The hash is the stored file's.
    expect(sha256((await t.ctx.storage.read(gravacao.arquivo))!)).toBe(gravacao.sha256);

    const voz = proof.canais.find((c: { canal: string }) => c.canal === 'voz');
    expect(voz).toMatchObject({ nome: 'AR-Voz', numero: '+5541987654321', ultimoStatus: { type: 'acknowledged' } });
    expect(voz.status.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'acknowledged', 'delivered']);
    const sendEvent = rows.find((e) => e.evt_canal === 'voz' && e.evt_tipo === 'send');
    expect(voz.status[1]).toMatchObject({ hash: sendEvent?.evt_hash, dataHoraBrasilia: brasilia(sendEvent!.evt_data) });
    expect(voz.etapas.map((s: { label: string }) => s.label)).toEqual(
      expect.arrayContaining(['Aceito pelo provedor', 'Chamada iniciada', 'Gravação da chamada']),
    );
    expect(voz.arquivos).toEqual([
      expect.objectContaining({
        nome: 'Gravação da chamada',
        sha256: gravacao.sha256,
        hashEvento: recording!.evt_hash,
        carimbo: expect.objectContaining({ dataHora: new Date(recording!.car_gen_time!).toISOString() }),
      }),
    ]);

    const letter = await letterRow();
    expect(isS10(letter.rastreio ?? '')).toBe(true);
    expect(sha256((await t.ctx.storage.read(letter.pdf_chave))!)).toBe(letter.pdf_sha256);
    expect(proof.carta).toMatchObject({
      canal: 'carta',
      nome: 'AR-Carta',
      rastreio: letter.rastreio,
      endereco: ['Bruno Lima', 'Rua das Flores, 120', 'Centro', '80010-000 Curitiba - PR'],
      ultimoStatus: { type: 'delivered', label: 'Entregue' },
      falha: null,
    });
    expect(proof.carta.status.map((s: { type: string; label: string }) => `${s.type}:${s.label}`)).toEqual([
      'processed:Processado',
      'send:Postado',
      'delivered:Entregue',
    ]);
    expect(proof.carta.etapas.map((s: { label: string }) => s.label)).toEqual(['Aceito pelo provedor', 'Em trânsito', 'Saiu para entrega']);
    expect(proof.carta.arquivos.map((f: { nome: string; sha256: string }) => [f.nome, f.sha256])).toEqual([
      ['Carta (PDF)', letter.pdf_sha256],
      ['AR digital', letter.ar_sha256],
    ]);
    expect(proof.carta.arquivos.every((f: { carimbo: unknown }) => f.carimbo !== null)).toBe(true);
  });

  it('prints them in the PDF, read with pdftotext', async () => {
    const res = await call('PUT', `/emails/sending-proof/${cod}`, {});
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/[ \t]+/g, ' ');
    const letter = await letterRow();
    const recording = await recordingEvent();
    const gravacao = detail(recording!).gravacao as { sha256: string };
    for (const expected of [
      'AR-Voz (horário de Brasília)',
      'Gravação da chamada',
      'AR-Carta — carta registrada',
      'Rastreio (S10)',
      'Postado',
      'Em trânsito',
      'Carta (PDF)',
      'PDF impresso e postado, 2 página(s)',
      'AR digital',
      '80010-000 Curitiba - PR',
    ])
      expect(text).toContain(expected);
    const flat = squeezed(text);
    for (const hash of [gravacao.sha256, letter.pdf_sha256, letter.ar_sha256, letter.rastreio]) expect(flat).toContain(hash);
    expect(flat).toContain(squeezed(`carimbo do tempo de ${brasilia(recording!.car_gen_time!)}`));
  });
});

describe('the expert report with a call and a letter', () => {
  it('lists the call’s and the letter’s events in their words and the recording’s, the letter’s and the AR’s hashes', async () => {
    const res = await call('GET', `/emails/report/laudo/${cod}`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/[ \t]+/g, ' ');
    const letter = await letterRow();
    const recording = await recordingEvent();
    const gravacao = detail(recording!).gravacao as { sha256: string };
    for (const expected of [
      '1B. AR-Voz e AR-Carta: eventos e arquivos',
      'AR-Voz — chamada gravada',
      'AR-Carta — carta registrada',
      'Chamada atendida',
      'Recebimento confirmado pela tecla 1',
      'Carta postada',
      'Carta entregue',
      `hash registrado no evento ${recording!.evt_seq}`,
    ])
      expect(text).toContain(expected);
    const flat = squeezed(text);
    for (const hash of [gravacao.sha256, letter.pdf_sha256, letter.ar_sha256, letter.rastreio]) expect(flat).toContain(hash);
    // Every voice and letter event is in section 1B with its hash, and no e-mail event is.
    const section = flat.slice(flat.indexOf('1B.AR-VozeAR-Carta'), flat.indexOf('2.Integridadedoconteúdo'));
    for (const e of await events())
      expect({ seq: e.evt_seq, in1B: section.includes(e.evt_hash) }).toEqual({ seq: e.evt_seq, in1B: e.evt_canal !== 'email' });
  });
});

describe('the public page with a call and a letter', () => {
  it('shows the call’s stamped certificates, which the validator accepts, and the letter’s current status', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${uuid}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const rows = await events();
    const completed = rows.find((e) => e.evt_canal === 'voz' && e.evt_tipo === 'delivered');
    const key = rows.find((e) => e.evt_canal === 'voz' && e.evt_tipo === 'acknowledged');
    expect(page.dataProviderVoz.envioEntrega).toMatchObject({ hashAssinado: completed?.evt_hash, carimbo: expect.any(String) });
    expect(page.dataProviderVoz.envioEntrega.trilhaAuditoria.join('\n')).toContain('chamada atendida pelo destinatário');
    expect(page.dataProviderVoz.envioEntrega.trilhaAuditoria.join('\n')).toContain('gravação da chamada');
    expect(page.dataProviderVoz.leitura).toBeNull();
    expect(page.dataProviderVoz.resposta).toMatchObject({ hashAssinado: key?.evt_hash, carimbo: expect.any(String) });
    for (const block of [page.dataProviderVoz.envioEntrega, page.dataProviderVoz.resposta]) {
      const check = await t.app.inject({
        method: 'POST',
        url: '/v2/emails/validar-carimbo',
        payload: { carimboBase64: block.carimbo, hash: block.hashAssinado },
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toMatchObject({ valido: true, evento: { canal: 'voz' } });
    }
    expect(page.statusCarta).toMatchObject({ type: 'delivered', label: 'Entregue' });
    expect(page.statusVoz).toMatchObject({ type: 'acknowledged' });
  });

  it('lists only statuses in statusFull for the call and the letter; their steps stay in the timeline', async () => {
    const page = (await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${uuid}` })).json();
    const labels = new Set(Object.values(STATUS_LABELS).map((l) => l.label));
    for (const canal of ['voz', 'carta'] as const)
      for (const s of page.statusFull[canal])
        expect({ canal, label: s.label, isStatus: labels.has(s.label) }).toMatchObject({ isStatus: true });
    expect(page.statusFull.carta.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'delivered']);
    // Each status once, by how far it goes: the key 1 (acknowledged) outranks the call's end (delivered) and is current.
    expect(page.statusFull.voz.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'delivered', 'acknowledged']);
    expect(page.statusFull.carta.at(-1).type).toBe(page.statusCarta.type);
    expect(page.statusFull.voz.at(-1).type).toBe(page.statusVoz.type);
    const steps = page.timeline.map((x: { status: string }) => x.status);
    expect(steps).toEqual(expect.arrayContaining(['Em trânsito', 'Gravação da chamada']));
  });
});

describe('the dashboard and the sent list with a call and a letter', () => {
  it('counts the call and the letter in the channel chart', async () => {
    const today = brasiliaIsoDay();
    const [first] = defaultDashboardRange(today);
    const res = await call('POST', '/dashboard/channels', { dateRange: [first, today], tag: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().totalVoz as number[]).at(-1)).toBe(1);
    expect((res.json().totalCarta as number[]).at(-1)).toBe(1);
  });

  it('finds the message under the voice and the letter status options', async () => {
    const found = async (filter: unknown) => {
      const res = await call('GET', `/emails/send?limit=100&searchStatus=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().emails as { ema_uni_codigo: number }[]).map((e) => e.ema_uni_codigo);
    };
    expect(await found({ carta: ['delivered'] })).toEqual([cod]);
    expect(await found({ voz: ['acknowledged'] })).toEqual([cod]);
    expect(await found({ carta: ['erro'] })).toEqual([]);
  });
});
