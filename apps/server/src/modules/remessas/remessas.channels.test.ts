import { CREDIT_MSG, LETTER_MSG, REMESSA_EXTRA_COLUMNS } from '@ar/core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { csvOf, HEADER, remessaOf, uploadBody } from '../../../test/remessa-files.ts';
import { processRemessa } from './remessa-processing.service.ts';
import type { ProcessHooks } from './remessa-sending.ts';

// AR-Voz and AR-Carta from a batch file (docs/remessas.md, "A line's channels"): our optional
// columns TELEFONE_DESTINATARIO_VOZ and CARTA_*, checked as compose checks its `voz` and `carta`,
// stored and charged as compose's. No workers: the test runs the remessa job itself, and the
// call's and the letter's jobs stay queued (their sending is voice.test.ts's and letter.test.ts's).
const app = useTestApp({}, { startQueue: true, startWorkers: false });

const FULL = [...HEADER, ...REMESSA_EXTRA_COLUMNS];
const LOGIN = 'usuario@demo.local';

/** A line under FULL: the spec's cells, then the call's number and the letter's fields. */
const line = (
  id: string,
  name: string,
  email: string,
  extra: { voz?: string; carta?: Partial<Record<(typeof REMESSA_EXTRA_COLUMNS)[number], string>> } = {},
) => [
  id,
  'Aviso *|ID|*',
  name,
  email,
  '',
  '',
  'Modelo canais',
  '',
  extra.voz ?? '',
  ...REMESSA_EXTRA_COLUMNS.slice(1).map((c) => extra.carta?.[c] ?? ''),
];

const ADDRESS = {
  CARTA_ENDERECO: 'Avenida Paulista',
  CARTA_NUMERO: '1578',
  CARTA_COMPLEMENTO: 'Conjunto 42',
  CARTA_BAIRRO: 'Bela Vista',
  CARTA_CIDADE: 'São Paulo',
  CARTA_ESTADO: 'sp',
  CARTA_CEP: '01310-200',
};

async function owner() {
  return (await app.scopeOf(LOGIN)).owner;
}
const setAccount = async (values: { usu_aceita_ar_voz?: boolean }) =>
  app.t.ctx.db
    .updateTable('usuarios')
    .set(values)
    .where('usu_codigo', '=', await owner())
    .execute();
const credits = async (n: number) =>
  app.t.ctx.db
    .updateTable('planos')
    .set({ pla_total_credito: n })
    .where('pla_nivel', '=', 1)
    .where('pla_codigo_usu_ent', '=', await owner())
    .execute();

let templateMade = false;
/** Uploads the file and runs its job to the end (no worker in this test). */
async function run(rows: string[][], name: string, hooks: ProcessHooks = {}) {
  const who = await app.as(LOGIN);
  if (!templateMade) {
    const tpl = await app.call('POST', '/modelos', who, {
      mod_name: 'Modelo canais',
      mod_subject: 'Aviso',
      mod_content: '<p>Olá *|NOME|*</p>',
    });
    expect(tpl.statusCode).toBe(201);
    templateMade = true;
  }
  const res = await app.call('POST', '/remessas/upload', who, { ...uploadBody(csvOf(rows, FULL), name), confirmarDuplicada: true });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().rem_codigo as number;
  await processRemessa(app.t.ctx, id, hooks);
  const rem = await app.t.ctx.db.selectFrom('remessas').selectAll().where('rem_codigo', '=', id).executeTakeFirstOrThrow();
  return { id, rem, who };
}

const messagesOf = (envio: string) =>
  app.t.ctx.db
    .selectFrom('emails')
    .select(['ema_uni_codigo', 'ema_uni_identificacao', 'ema_uni_to', 'ema_uni_voz', 'ema_uni_carta', 'ema_uni_creditos'])
    .select(['ema_status_email', 'ema_status_voz', 'ema_status_carta'])
    .where('ema_uni_envio', '=', envio)
    .orderBy('ema_uni_codigo')
    .execute();

afterEach(async () => {
  await setAccount({ usu_aceita_ar_voz: true });
  await app.call('PUT', '/usuarios-settings/cascata', await app.as(LOGIN), { cascata: null });
});

describe('remessas: AR-Voz and AR-Carta columns', () => {
  it('sends a line with a letter address and one with a call as compose would, and refuses bad numbers and addresses alone, naming the column', async () => {
    await setAccount({ usu_aceita_ar_voz: true });
    await credits(50);
    const { id, rem, who } = await run(
      [
        line('V-1', 'Vera', 'vera@cliente.test', { voz: '(11) 3456-7890' }),
        line('L-1', 'Lúcia Andrade', 'lucia@cliente.test', { carta: ADDRESS }),
        // No e-mail: a call stands in for it, as in compose (the account does not require e-mail).
        line('V-2', 'Válter', '', { voz: '(21) 99876-5400' }),
        line('V-3', 'Vânia', 'vania@cliente.test', { voz: '1234' }),
        line('L-2', 'Lia', 'lia@cliente.test', { carta: { ...ADDRESS, CARTA_CEP: '1234' } }),
        line('L-3', 'Luís', 'luis@cliente.test', { carta: { ...ADDRESS, CARTA_BAIRRO: '' } }),
        // One cell asks for the letter: the address must then be whole.
        line('L-4', 'Laís', 'lais@cliente.test', { carta: { CARTA_COMPLEMENTO: 'Fundos' } }),
        // A letter does not stand in for the e-mail (compose's rule).
        line('L-5', 'Léo', '', { carta: ADDRESS }),
        line('L-6', 'Lara', 'lara@cliente.test', { carta: { ...ADDRESS, CARTA_ESTADO: 'XX' } }),
      ],
      'voz e carta.csv',
    );
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 3, rem_falhas: 6 });

    const messages = await messagesOf(rem.rem_uuid);
    expect(messages.map((m) => [m.ema_uni_identificacao, m.ema_uni_creditos])).toEqual([
      ['V-1', 2],
      ['L-1', 2],
      ['V-2', 1],
    ]);
    const [vera, lucia, valter] = messages;
    expect(vera).toMatchObject({
      ema_uni_to: 'vera@cliente.test',
      ema_uni_voz: { numberTo: '+551134567890', name: 'Vera' },
      ema_uni_carta: null,
      ema_status_email: 'processed',
      ema_status_voz: 'processed',
      ema_status_carta: null,
    });
    // The address as compose's schema makes it: the state in upper case, the CEP's 8 digits, the
    // letter's name from NOME_DESTINATARIO (whole, not cut to the recipient's 14 characters).
    expect(lucia).toMatchObject({
      ema_uni_carta: {
        nome: 'Lúcia Andrade',
        endereco: 'Avenida Paulista',
        numero: '1578',
        complemento: 'Conjunto 42',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        estado: 'SP',
        cep: '01310200',
      },
      ema_uni_voz: null,
      ema_status_carta: 'processed',
      ema_status_voz: null,
    });
    expect(valter).toMatchObject({ ema_uni_to: null, ema_status_email: null, ema_status_voz: 'processed' });

    // Each channel's 'processed' event (the letter's with its address, the call's with its number) and job.
    const events = await app.t.ctx.db
      .selectFrom('email_eventos as e')
      .innerJoin('emails as m', 'm.ema_uni_codigo', 'e.cod_email')
      .select(['m.ema_uni_identificacao', 'e.evt_canal', 'e.evt_detalhes'])
      .where('m.ema_uni_envio', '=', rem.rem_uuid)
      .where('e.evt_tipo', '=', 'processed')
      .execute();
    expect(events.map((e) => `${e.ema_uni_identificacao}:${e.evt_canal}`).sort()).toEqual(
      ['L-1:carta', 'L-1:email', 'V-1:email', 'V-1:voz', 'V-2:voz'].sort(),
    );
    const letterEvent = events.find((e) => e.evt_canal === 'carta')?.evt_detalhes as { endereco?: { cep?: string }; remessa?: number };
    expect(letterEvent).toMatchObject({ remessa: id, endereco: { cep: '01310200' } });
    const codes = async (queue: string) =>
      (await sql<{ cod: number }>`SELECT (data->>'cod_email')::int AS cod FROM pgboss.job WHERE name = ${queue}`.execute(app.t.ctx.db)).rows
        .map((r) => r.cod)
        .filter((c) => messages.some((m) => m.ema_uni_codigo === c));
    expect((await codes('voz-send')).sort()).toEqual([vera?.ema_uni_codigo, valter?.ema_uni_codigo].sort());
    expect(await codes('carta-send')).toEqual([lucia?.ema_uni_codigo]);

    // Credits as compose counts them: e-mail 1, the call and the letter one more each.
    expect(await app.t.balance(LOGIN)).toBe(50 - 5);

    const failure = await remessaOf(app.t.ctx.db, id);
    const reasons = failure?.motivo_falha ?? '';
    expect(reasons).toContain(
      'Linha 5, coluna TELEFONE_DESTINATARIO_VOZ: o telefone "1234" não é válido para AR-Voz (DDD e 8 ou 9 dígitos).',
    );
    expect(reasons).toContain(`Linha 6, coluna CARTA_CEP: ${LETTER_MSG.cep}`);
    expect(reasons).toContain(`Linha 7, coluna CARTA_BAIRRO: ${LETTER_MSG.bairro}`);
    expect(reasons).toContain(`Linha 8, coluna CARTA_ENDERECO: ${LETTER_MSG.endereco}`);
    expect(reasons).toContain(
      'Linha 9, coluna EMAIL_DESTINATARIO: informe o e-mail do destinatário, ou peça SMS, WhatsApp ou AR-Voz com o número.',
    );
    expect(reasons).toContain(`Linha 10, coluna CARTA_ESTADO: ${LETTER_MSG.estado}`);
    const types = await app.t.ctx.db
      .selectFrom('remessa_linhas')
      .select('tipo_falha')
      .where('rem_codigo', '=', id)
      .orderBy('lin_numero')
      .execute();
    expect(types.map((t) => t.tipo_falha)).toEqual([
      null,
      null,
      null,
      'INVALID_FORMAT',
      'INVALID_FORMAT',
      'REQUIRED_FIELDS',
      'REQUIRED_FIELDS',
      'REQUIRED_FIELDS',
      'INVALID_FORMAT',
    ]);

    // The preview: STATUS_VOZ, STATUS_CARTA and the letter's tracking code once posted.
    await app.t.ctx.db
      .insertInto('cartas')
      .values({
        cod_email: lucia?.ema_uni_codigo as number,
        pdf_chave: 'x',
        pdf_sha256: '0'.repeat(64),
        paginas: 2,
        rastreio: 'RA123456785BR',
      })
      .execute();
    const preview = (await app.call('GET', `/remessas/retorno/${id}`, who)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    const head = preview[0] ?? [];
    expect(head.slice(FULL.length)).toEqual([
      'LINHA',
      'PROTOCOLO',
      'STATUS_EMAIL',
      'STATUS_SMS',
      'STATUS_WHATSAPP',
      'STATUS_VOZ',
      'STATUS_CARTA',
      'RASTREIO_CARTA',
      'PAGINA_PUBLICA',
      'MOTIVO_FALHA',
    ]);
    const col = (row: number, name: string) => preview[row]?.[head.indexOf(name)];
    expect([col(1, 'STATUS_VOZ'), col(1, 'STATUS_CARTA'), col(1, 'RASTREIO_CARTA')]).toEqual(['Processado', 'Não solicitado', '']);
    expect([col(2, 'STATUS_VOZ'), col(2, 'STATUS_CARTA'), col(2, 'RASTREIO_CARTA')]).toEqual([
      'Não solicitado',
      'Processado',
      'RA123456785BR',
    ]);
    expect([col(3, 'STATUS_EMAIL'), col(3, 'STATUS_VOZ')]).toEqual(['Não solicitado', 'Processado']);
    expect([col(4, 'STATUS_EMAIL'), col(4, 'STATUS_VOZ'), col(4, 'STATUS_CARTA')]).toEqual([
      'Não enviado',
      'Não enviado',
      'Não solicitado',
    ]);
    expect([col(5, 'STATUS_CARTA'), col(5, 'MOTIVO_FALHA')]).toEqual(['Não enviado', `Linha 6, coluna CARTA_CEP: ${LETTER_MSG.cep}`]);
  });

  it('refuses the call of an account without AR-Voz, line by line; the other lines go', async () => {
    await setAccount({ usu_aceita_ar_voz: false });
    await credits(50);
    const { id, rem } = await run(
      [line('N-1', 'Nina', 'nina@cliente.test', { voz: '(11) 98765-4300' }), line('N-2', 'Noel', 'noel@cliente.test', { carta: ADDRESS })],
      'voz sem permissao.csv',
    );
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
    const failure = await remessaOf(app.t.ctx.db, id);
    expect(failure).toMatchObject({ tipo_falha: 'CHANNEL_UNAVAILABLE' });
    expect(failure?.motivo_falha).toContain(
      'Linha 2, coluna TELEFONE_DESTINATARIO_VOZ: o envio por AR-Voz não está habilitado para esta conta; a linha não foi enviada.',
    );
    // Any account may send a letter.
    expect((await messagesOf(rem.rem_uuid)).map((m) => [m.ema_uni_identificacao, m.ema_status_carta])).toEqual([['N-2', 'processed']]);
    expect(await app.t.balance(LOGIN)).toBe(48);
  });

  it('asks for at least 2 credits when a line has a call, as compose does; nothing is sent', async () => {
    await setAccount({ usu_aceita_ar_voz: true });
    await credits(1);
    const { rem } = await run([line('M-1', 'Mara', '', { voz: '(11) 98765-4301' })], 'voz um credito.csv');
    expect(rem).toMatchObject({ rem_status_processamento: 'ERRO_PROCESSAMENTO', tipo_falha: 'CREDITS_ERROR', rem_enfileiradas: 0 });
    expect(rem.motivo_falha).toBe(`${CREDIT_MSG.voiceMinimum} A remessa tem linhas com AR-Voz e o plano tem 1. Nenhuma linha foi enviada.`);
    expect(await app.t.balance(LOGIN)).toBe(1);
  });

  it('asks for the 2 credits again at each slice: a balance spent below them meanwhile refuses the lines left, not those sent', async () => {
    await setAccount({ usu_aceita_ar_voz: true });
    await credits(10);
    // Slices of one line; after the first, the balance is spent down to 1 (another send, elsewhere):
    // the second line's call would cost 1, which the plan has, but a call needs 2 in the account.
    const { id, rem } = await run(
      [line('S-1', 'Sara', '', { voz: '(11) 98765-4302' }), line('S-2', 'Saulo', '', { voz: '(11) 98765-4303' })],
      'voz credito gasto.csv',
      { slice: 1, afterSlice: () => credits(1).then(() => undefined) },
    );
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
    expect((await messagesOf(rem.rem_uuid)).map((m) => m.ema_uni_identificacao)).toEqual(['S-1']);
    const failure = await remessaOf(app.t.ctx.db, id);
    expect(failure).toMatchObject({ tipo_falha: 'CREDITS_ERROR' });
    expect(failure?.motivo_falha).toContain(`${CREDIT_MSG.voiceMinimum} A linha não foi enviada.`);
    // The refused slice's debit was rolled back with it.
    expect(await app.t.balance(LOGIN)).toBe(1);
  });

  it("follows a default cascade with AR-Carta (the CPC preset) from the letter's columns; a line without them fails naming CARTA_ENDERECO", async () => {
    await credits(50);
    const who = await app.as(LOGIN);
    expect((await app.call('PUT', '/usuarios-settings/cascata', who, { cascata: { modelo: 'cpc246' } })).statusCode).toBe(200);
    const { id, rem } = await run(
      [line('C-1', 'Cora', 'cora@cliente.test', { carta: ADDRESS }), line('C-2', 'Caio', 'caio@cliente.test')],
      'regua cpc.csv',
    );
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
    const failure = await remessaOf(app.t.ctx.db, id);
    expect(failure).toMatchObject({ tipo_falha: 'REQUIRED_FIELDS' });
    expect(failure?.motivo_falha).toContain(
      'Linha 3, coluna CARTA_ENDERECO: A régua de notificação envia AR-Carta: informe o endereço da carta de cada destinatário.',
    );
    const [cora] = await messagesOf(rem.rem_uuid);
    // The letter is the message's (its address stored) but waits for its step: no status, no job; the e-mail's unit only now.
    expect(cora).toMatchObject({
      ema_uni_identificacao: 'C-1',
      ema_status_email: 'processed',
      ema_status_carta: null,
      ema_uni_creditos: 1,
    });
    expect(cora?.ema_uni_carta).toMatchObject({ nome: 'Cora', cep: '01310200' });
    const steps = await app.t.ctx.db
      .selectFrom('cascata_etapas')
      .select(['eta_canal', 'eta_situacao'])
      .where('cod_email', '=', cora?.ema_uni_codigo as number)
      .orderBy('eta_ordem')
      .execute();
    expect(steps).toEqual([
      { eta_canal: 'email', eta_situacao: 'enviada' },
      { eta_canal: 'carta', eta_situacao: 'aguardando' },
    ]);
    expect(await app.t.balance(LOGIN)).toBe(49);
    const preview = (await app.call('GET', `/remessas/retorno/${id}`, who)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    const head = preview[0] ?? [];
    expect(preview[1]?.[head.indexOf('STATUS_CARTA')]).toBe('Aguardando etapa da régua');
    expect(preview[2]?.[head.indexOf('STATUS_CARTA')]).toBe('Não solicitado');
  });
});
