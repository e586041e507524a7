import { EMAIL_MSG, OFICIO_MSG } from '@ar/core';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { waitFor } from '../../../test/smtp-sink.ts';

let token: string;
let otherToken: string;

const CNJ = '0000832-35.2018.4.01.3202';
const oficio = (over: Record<string, unknown> = {}) => ({
  numeroProcesso: 'PROC-2026/0042',
  numeroCnj: CNJ.replace(/\D/g, ''),
  comarca: 'Manaus',
  vara: '1ª Vara Federal Cível',
  requerentes: [
    { nome: 'Ana Requerente', documento: '529.982.247-25' },
    { nome: 'Beta Comércio Ltda', documento: '11.222.333/0001-81' },
  ],
  requeridos: [],
  exequentes: [],
  executados: [{ nome: 'Carlos Executado', documento: '' }],
  finalidade: 'Intimação para pagamento do débito.',
  numeroOficio: '77/2026',
  procedimento: 'Cumprimento de sentença',
  valorDebito: 15250.4,
  dataInclusao: '10/11/2026',
  prazo: 15,
  multa: 1525.04,
  ...over,
});
const payload = (over: Record<string, unknown> = {}) => ({
  destinataires: [{ to: 'intimado@cliente.test', nameTo: 'Intimado' }],
  nameFrom: 'Vara Federal',
  subject: 'Ofício 77/2026',
  oficio: oficio(),
  ...over,
});

const { app, sink } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  otherToken = await app.t.login('gerente@demo.local');
});

describe('POST /v2/emails/send with an ofício', () => {
  it('refuses a notice without its required fields, and changes nothing', async () => {
    const before = await app.t.balance('usuario@demo.local');
    for (const [field, message] of [
      ['numeroProcesso', OFICIO_MSG.numeroProcessoRequired],
      ['comarca', OFICIO_MSG.comarcaRequired],
      ['vara', OFICIO_MSG.varaRequired],
      ['finalidade', OFICIO_MSG.finalidadeRequired],
      ['numeroOficio', OFICIO_MSG.numeroOficioRequired],
    ] as const) {
      const res = await app.t.send(token, payload({ oficio: oficio({ [field]: '  ' }) }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(message);
    }
    expect(await app.t.balance('usuario@demo.local')).toBe(before);
  });

  it('refuses a CNJ number whose check digits are wrong, a bad document, a false date and negative money', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ numeroCnj: '0000832-36.2018.4.01.3202' }, OFICIO_MSG.cnjCheckDigits],
      [{ numeroCnj: '832-35.2018' }, OFICIO_MSG.cnjFormat],
      [{ requeridos: [{ nome: 'Fulano', documento: '111.111.111-11' }] }, OFICIO_MSG.partyDocument],
      [{ dataInclusao: '30/02/2026' }, OFICIO_MSG.dataInclusao],
      [{ valorDebito: -0.01 }, OFICIO_MSG.moneyNegative],
      [{ prazo: -1 }, OFICIO_MSG.prazo],
    ];
    for (const [over, message] of cases) {
      const res = await app.t.send(token, payload({ oficio: oficio(over) }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('still asks for a body when there is no notice', async () => {
    const res = await app.t.send(token, payload({ oficio: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(EMAIL_MSG.contentRequired);
  });

  it('renders the notice into the message, stores its fields with their hash chained, and shows them everywhere', async () => {
    const res = await app.t.send(token, payload({ content: '<p>ignorado</p>' }));
    expect(res.statusCode).toBe(200);
    const [sent] = res.json().emails as { ema_uni_codigo: number; ema_uni_id: string }[];
    if (!sent) throw new Error('nothing sent');

    // The e-mail the recipient gets carries the notice as rendered by the server.
    const [mail] = await waitFor(
      () => sink.messages.filter((m) => m.rcptTo[0] === 'intimado@cliente.test'),
      (m) => m.length === 1,
    );
    const html = mail?.parsed.html || '';
    expect(html).toContain('Ofício nº 77/2026');
    expect(html).toContain('Comarca de Manaus');
    expect(html).toContain(CNJ);
    expect(html).toContain('Ana Requerente (CPF 529.982.247-25)');
    expect(html).toContain('R$ 15.250,40');
    expect(html).not.toContain('ignorado');

    // The sent detail shows the fields, and they match the hash chained in the first event.
    const detail = await app.call('GET', `/emails/send/${sent.ema_uni_codigo}`, token);
    expect(detail.statusCode).toBe(200);
    const shown = detail.json().oficio;
    expect(shown.confere).toBe(true);
    expect(shown.campos).toContainEqual({ label: 'Número CNJ', value: CNJ });
    expect(shown.campos).toContainEqual({ label: 'Executados', value: 'Carlos Executado' });
    const processed = await app.t.database.db
      .selectFrom('email_eventos')
      .select('evt_detalhes')
      .where('cod_email', '=', sent.ema_uni_codigo)
      .where('evt_tipo', '=', 'processed')
      .executeTakeFirstOrThrow();
    expect(processed.evt_detalhes).toEqual({ oficioSha256: shown.sha256 });

    // The public page's summary has them too.
    const page = await app.call('GET', `/emails/info/public/${sent.ema_uni_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().oficio.campos).toContainEqual({ label: 'Processo nº', value: 'PROC-2026/0042' });

    // The sending proof and the expert report print them in a section of their own.
    const proof = await app.call('PUT', `/emails/sending-proof/${sent.ema_uni_codigo}`, token);
    expect(proof.statusCode).toBe(200);
    const proofText = (await pdfText(proof.rawPayload)).replace(/\s+/g, ' ');
    for (const s of [
      'Ofício',
      'PROC-2026/0042',
      CNJ,
      'Ana Requerente (CPF 529.982.247-25)',
      'Beta Comércio Ltda',
      'Carlos Executado',
      'Confere',
    ])
      expect(proofText).toContain(s);
    const laudo = await app.call('GET', `/emails/report/laudo/${sent.ema_uni_codigo}`, token);
    expect(laudo.statusCode).toBe(200);
    const laudoText = (await pdfText(laudo.rawPayload)).replace(/\s+/g, ' ');
    expect(laudoText).toContain('1A. Ofício');
    expect(laudoText).toContain('PROC-2026/0042');

    // A field changed in the database after sending no longer matches the chain.
    await sql`UPDATE emails SET ema_uni_oficio = jsonb_set(ema_uni_oficio, '{comarca}', '"Outra"') WHERE ema_uni_codigo = ${sent.ema_uni_codigo}`.execute(
      app.t.database.db,
    );
    const tampered = await app.call('GET', `/emails/send/${sent.ema_uni_codigo}`, token);
    expect(tampered.json().oficio.confere).toBe(false);
  });

  it('finds the message in the sent list by its process number or CNJ number, for its owner only', async () => {
    const search = (tk: string, term: string) => app.call('GET', `/emails/send?searchTerm=${encodeURIComponent(term)}`, tk);
    for (const term of ['PROC-2026/0042', CNJ, CNJ.replace(/\D/g, '')]) {
      const mine = await search(token, term);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().emails.map((e: { ema_uni_subject: string }) => e.ema_uni_subject)).toEqual(['Ofício 77/2026']);
      const theirs = await search(otherToken, term);
      expect(theirs.json().emails).toEqual([]);
    }
  });

  it("answers 404 for another tenant's notice", async () => {
    const list = await app.call('GET', '/emails/send?searchTerm=PROC-2026', token);
    const id = list.json().emails[0].ema_uni_codigo;
    for (const url of [`/emails/send/${id}`, `/emails/sending-proof/${id}`, `/emails/report/laudo/${id}`]) {
      const res = await app.call('GET', url, otherToken);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
