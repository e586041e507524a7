import { composeSmsText, composeWhatsappText, publicPageLink, REMESSA_MSG } from '@ar/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../../../test/fake-provider.ts';
import { notFoundForOthers, useSinkApp, withoutSession } from '../../../test/harness.ts';
import { csvOf, HEADER, remessaOf, settled, uploadBody } from '../../../test/remessa-files.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { useTenants } from '../../../test/tenants.ts';
import { twilioSignature } from '../channels/signatures.ts';
import { removeExpiredFailures } from './remessas.service.ts';

// Batch files through the API, the queue, a real SMTP sink and fake Twilio and Graph APIs on
// local ports (docs/remessas.md): the SMS and WhatsApp lines go out over real HTTP.
const TWILIO_SID = 'ACremessa0123456789abcdef01234567';
const TWILIO_TOKEN = 'twilio-remessa-auth-token-0123456';
const PUBLIC_URL = 'http://localhost:3999';
const fakes: { twilio?: FakeProvider; graph?: FakeProvider } = {};
let ids = 0;
// Before the app starts (hooks run in order): the app's provider addresses are the fakes'.
beforeAll(async () => {
  fakes.twilio = await startFakeProvider((req) =>
    req.method === 'POST' && req.path === `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`
      ? { status: 201, body: { sid: `SM${String(++ids).padStart(32, '0')}`, status: 'queued' } }
      : { status: 404, body: { code: 20404, message: 'Not found' } },
  );
  fakes.graph = await startFakeProvider((req) =>
    req.method === 'POST' && req.path.endsWith('/messages')
      ? { body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.REMESSA${++ids}` }] } }
      : { status: 404, body: { error: { message: 'Unknown path', code: 100 } } },
  );
});
afterAll(async () => {
  await fakes.twilio?.close();
  await fakes.graph?.close();
});
const { app, sink } = useSinkApp(
  { startQueue: true },
  {
    PUBLIC_URL,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM: '+15005550006',
    get TWILIO_API_URL() {
      return fakes.twilio?.url ?? '';
    },
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_TOKEN: 'EAAG-token-remessa',
    WHATSAPP_APP_SECRET: 'segredo-do-app-remessa',
    WHATSAPP_VERIFY_TOKEN: 'verificacao-remessa',
    WHATSAPP_TEMPLATE: 'ar_online_notificacao',
    get WHATSAPP_API_URL() {
      return `${fakes.graph?.url ?? ''}/v21.0`;
    },
  },
);
const { as } = useTenants(app);

const upload = async (who: Record<string, string>, body: Record<string, unknown>) => {
  const res = await app.call('POST', '/remessas/upload', who, body);
  return res;
};
const uploaded = async (who: Record<string, string>, body: Record<string, unknown>) => {
  const res = await upload(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().rem_codigo as number;
};
const template = async (who: Record<string, string>, mod_name: string, mod_subject = 'Assunto do modelo') => {
  const res = await app.call('POST', '/modelos', who, {
    mod_name,
    mod_subject,
    mod_content: '<p>Prezado(a) *|NOME|*, contrato *|ID|* vence em *|VENCIMENTO|*.</p>',
  });
  expect(res.statusCode).toBe(201);
  return res.json().modelo.mod_codigo as number;
};
const list = async (who: Record<string, string>, tipo: 'sucesso' | 'falha', extra = '') =>
  (await app.call('GET', `/remessas?tipo=${tipo}${extra}`, who)).json();

describe('remessas: the calls', () => {
  it('answers 401 without a session on every call', async () => {
    const wrong = await withoutSession(app, [
      'POST /remessas/upload',
      'POST /remessas/encoding-remessa',
      'GET /remessas',
      'GET /remessas/stats',
      'GET /remessas/retorno/1',
      'GET /remessas/retorno-full?ids=1',
      'GET /remessas/relatorio?dataInicial=2026-11-01&dataFinal=2026-11-02',
    ]);
    expect(wrong).toEqual([]);
  });

  it('refuses what is not a csv data URL or is over 5 MB, with the spec texts, and keeps nothing', async () => {
    const bad = async (body: Record<string, unknown>) => (await upload(as.usuario, body)).json().message;
    expect(await bad(uploadBody('a;b', 'remessa.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(
      'Por favor, selecione um arquivo CSV válido.',
    );
    expect(await bad({ contentBase64: 'isto não é base64!', fileName: 'remessa.csv' })).toBe('Por favor, selecione um arquivo CSV válido.');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
    expect(await bad(uploadBody(big))).toBe('O arquivo deve ter no máximo 5MB.');
    expect(await bad({ fileName: 'remessa.csv' })).toBe(REMESSA_MSG.contentRequired);
    expect((await list(as.usuario, 'falha')).pagination.rowCount).toBe(0);
  });

  it('tells the encoding from the content', async () => {
    const enc = async (bytes: Buffer) =>
      (
        await app.call('POST', '/remessas/encoding-remessa', as.usuario, { content: `data:text/csv;base64,${bytes.toString('base64')}` })
      ).json();
    expect(await enc(Buffer.from('ASSUNTO;NOME\nNotificação;João\n', 'utf8'))).toEqual({ encoding: 'UTF-8' });
    expect(await enc(Buffer.from('ASSUNTO;NOME\nNotificação;João\n', 'latin1'))).toEqual({ encoding: 'ISO-8859-1' });
    expect(await enc(Buffer.from('\ufeffASSUNTO', 'utf16le'))).toEqual({ encoding: 'UTF-16LE' });
  });
});

describe('remessas: a file refused whole lands on the failures tab with its type and the spec text', () => {
  const cases: [string, string | Buffer, string, string][] = [
    [
      'ENCODING_ERROR',
      Buffer.from(csvOf([['1', 'Notificação', 'João', 'joao@cliente.test', '', '', 'M', '']]), 'latin1'),
      'ENCODING_ERROR',
      REMESSA_MSG.encoding,
    ],
    ['EMPTY_FILE', '', 'EMPTY_FILE', 'Arquivo vazio ou sem dados válidos'],
    ['ONLY_HEADER', csvOf([]), 'ONLY_HEADER', 'Arquivo vazio ou sem dados válidos'],
    [
      'INVALID_FORMAT',
      csvOf(Array.from({ length: 5001 }, (_, i) => [String(i), 'A', 'B', 'b@cliente.test', '', '', 'M', ''])),
      'INVALID_FORMAT',
      'O arquivo deve ter menos de 5.000 linhas',
    ],
    [
      'SEPARATOR_ERROR',
      'ID,ASSUNTO,NOME_DESTINATARIO,EMAIL_DESTINATARIO,MODELO\r\n1,A,B,b@c.test,M\r\n',
      'SEPARATOR_ERROR',
      REMESSA_MSG.separator,
    ],
    [
      'REQUIRED_FIELDS',
      csvOf([['1', 'A', 'B']], ['ID', 'assunto', 'nome_destinatario']),
      'REQUIRED_FIELDS',
      'Colunas obrigatórias ausentes: EMAIL_DESTINATARIO, MODELO',
    ],
    [
      'HEADER_ERROR',
      csvOf([['1', 'A', 'B', 'b@c.test', 'M', 'N']], ['ID', 'ASSUNTO', 'NOME_DESTINATARIO', 'EMAIL_DESTINATARIO', 'MODELO', 'modelo']),
      'HEADER_ERROR',
      'A coluna MODELO aparece mais de uma vez no cabeçalho.',
    ],
  ];
  for (const [name, content, tipo, motivo] of cases) {
    it(name, async () => {
      const id = await uploaded(as.gerente, { ...uploadBody(content, `${name}.csv`), confirmarDuplicada: true });
      const rem = await settled(app.t.ctx.db, id);
      expect(rem).toMatchObject({ rem_status_processamento: 'FALHA_NA_VALIDACAO', tipo_falha: tipo, motivo_falha: motivo });
      const row = (await list(as.gerente, 'falha', `&searchTerm=${name}`)).data[0];
      expect(row).toMatchObject({ rem_codigo: id, rem_nome: `${name}.csv`, tipo_falha: tipo, motivo_falha: motivo });
      // Nothing to preview: an empty body.
      const preview = await app.call('GET', `/remessas/retorno/${id}`, as.gerente);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toBe('');
    });
  }
});

describe('remessas: a mixed file', () => {
  let fileId = 0;
  let content = '';
  it('sends the good lines as AR messages (e-mail, SMS, WhatsApp) and lists the bad ones with line and column', async () => {
    const code = await template(as.admin, 'Cobrança Remessa');
    await template(as.admin, 'Aviso por nome', 'Aviso para *|NOME|*');
    const before = await app.t.balance('admin@demo.local');
    const header = [...HEADER, 'VENCIMENTO'];
    content = csvOf(
      [
        ['CT-1', 'Contrato *|ID|* de *|NOME|*', 'Ana Lima', 'ana@cliente.test', '', '', String(code), '', '10/12/2026'],
        ['CT-2', '', 'Bruno Dias', 'bruno@cliente.test', '', 'N', 'Aviso por nome', '', '11/12/2026'],
        ['CT-3', 'X', 'Carla', 'carla-sem-arroba', '', '', String(code), '', ''],
        ['CT-4', 'X', 'Davi', 'davi@cliente.test', '', '', 'Modelo que não existe', '', ''],
        ['CT-5', 'X', 'Eva', 'eva@cliente.test', '1234', 'S', String(code), '', ''],
        ['CT-6', 'X', 'Fábio', 'fabio@cliente.test', '(11) 98765-4321', 'S', String(code), '', ''],
        ['CT-7', 'X', 'Gil', 'gil@cliente.test', '', '', String(code), '(11) 98765-4322', ''],
        ['CT-8', 'X', '', 'h@cliente.test', '', '', String(code), '', ''],
        // No e-mail: the account (the demo's) does not require one, so SMS and WhatsApp alone go.
        ['CT-9', 'Aviso da Iara', 'Iara', '', '(21) 99876-5432', 'SIM', String(code), '+55 (21) 99876-5433', ''],
        ['CT-10', 'X', 'Jonas', '', '(21) 99876-5432', 'N', String(code), '', ''],
        ['CT-11', 'X', 'Kátia', 'katia@cliente.test', '', '', String(code), '98765', ''],
      ],
      header,
    );
    fileId = await uploaded(as.admin, uploadBody(content, 'clientes novembro.csv'));
    const rem = await settled(app.t.ctx.db, fileId);
    expect(rem).toMatchObject({
      rem_status_processamento: 'PROCESSADO_COM_FALHAS',
      rem_quantidade_registros: 11,
      rem_enfileiradas: 5,
      rem_falhas: 6,
    });

    const mails = await waitFor(
      () => sink.messages.filter((m) => m.rcptTo.some((r) => /^(ana|bruno|fabio|gil)@cliente\.test$/.test(r))),
      (m) => m.length === 4,
    );
    const ana = mails.find((m) => m.rcptTo.includes('ana@cliente.test'));
    expect(ana?.parsed.subject).toBe('Contrato CT-1 de Ana Lima');
    expect(ana?.parsed.html).toContain('Prezado(a) Ana Lima, contrato CT-1 vence em 10/12/2026.');
    const bruno = mails.find((m) => m.rcptTo.includes('bruno@cliente.test'));
    expect(bruno?.parsed.subject).toBe('Aviso para Bruno Dias');
    // The lines that failed sent nothing.
    expect(sink.messages.some((m) => m.rcptTo.some((r) => /carla|davi|eva|katia|^h@/.test(r)))).toBe(false);

    // Each line's message, its channels' texts made as compose makes them, its units.
    const messages = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_id', 'ema_uni_to', 'ema_uni_sms', 'ema_uni_whatsapp', 'ema_uni_creditos', 'ema_uni_identificacao'])
      .select(['ema_status_email', 'ema_status_sms', 'ema_status_whatsapp', 'ema_uni_subject'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .orderBy('ema_uni_codigo')
      .execute();
    const of = (id: string) => messages.find((m) => m.ema_uni_identificacao === id);
    expect(messages.map((m) => [m.ema_uni_identificacao, m.ema_uni_creditos])).toEqual([
      ['CT-1', 1],
      ['CT-2', 1],
      ['CT-6', 1],
      ['CT-7', 2],
      ['CT-9', 2],
    ]);
    const fabio = of('CT-6');
    expect(fabio?.ema_uni_sms).toEqual({
      number: '+5511987654321',
      messageContent: composeSmsText('Administrador Demo', publicPageLink(PUBLIC_URL, fabio?.ema_uni_id ?? '', 'sms')),
    });
    expect(fabio).toMatchObject({ ema_uni_to: 'fabio@cliente.test', ema_uni_whatsapp: null, ema_status_whatsapp: null });
    const gil = of('CT-7');
    expect(gil?.ema_uni_whatsapp).toEqual({
      numberReceived: '+5511987654322',
      content: composeWhatsappText('Administrador Demo', 'X', publicPageLink(PUBLIC_URL, gil?.ema_uni_id ?? '', 'whatsapp')),
    });
    expect(gil).toMatchObject({ ema_uni_sms: null, ema_status_sms: null });
    const iara = of('CT-9');
    expect(iara).toMatchObject({
      ema_uni_to: null,
      ema_status_email: null,
      ema_status_sms: 'processed',
      ema_status_whatsapp: 'processed',
      ema_uni_sms: { number: '+5521998765432' },
      ema_uni_whatsapp: { numberReceived: '+5521998765433' },
    });
    // Each channel's 'processed' event.
    const events = await app.t.ctx.db
      .selectFrom('email_eventos as e')
      .innerJoin('emails as m', 'm.ema_uni_codigo', 'e.cod_email')
      .select(['m.ema_uni_identificacao', 'e.evt_canal', 'e.evt_detalhes'])
      .where('m.ema_uni_envio', '=', rem.rem_uuid)
      .where('e.evt_tipo', '=', 'processed')
      .execute();
    // (The providers' acceptances are 'processed' events too, with their own details.)
    const made = events.filter((e) => (e.evt_detalhes as { remessa?: number }).remessa === fileId);
    expect(made.map((e) => `${e.ema_uni_identificacao}:${e.evt_canal}`).sort()).toEqual(
      ['CT-1:email', 'CT-2:email', 'CT-6:email', 'CT-6:sms', 'CT-7:email', 'CT-7:whatsapp', 'CT-9:sms', 'CT-9:whatsapp'].sort(),
    );
    // The SMS and WhatsApp jobs ran: the providers received exactly the stored texts.
    const smsText = (m: typeof fabio) => (m?.ema_uni_sms as { messageContent?: string } | null)?.messageContent;
    const twilio = await waitFor(
      () => (fakes.twilio?.received ?? []).map((r) => Object.fromEntries(new URLSearchParams(r.body))),
      (r) => r.length === 2,
    );
    expect(twilio.map((f) => [f.To, f.Body]).sort()).toEqual(
      [
        ['+5511987654321', smsText(fabio)],
        ['+5521998765432', smsText(iara)],
      ].sort(),
    );
    const graph = await waitFor(
      () => (fakes.graph?.received ?? []).map((r) => r.json as { to: string; template: { name: string } }),
      (r) => r.length === 2,
    );
    expect(graph.map((g) => g.to).sort()).toEqual(['5511987654322', '5521998765433']);
    expect(graph[0]?.template.name).toBe('ar_online_notificacao');

    // Credits per line's channels (e-mail or SMS 1, both 1, WhatsApp 1 more), one ledger reference.
    expect(await app.t.balance('admin@demo.local')).toBe(before - 7);
    const ledger = await app.t.ctx.db
      .selectFrom('plano_movimentos')
      .select(['mov_tipo', 'mov_creditos'])
      .where('mov_referencia', '=', `envio:${rem.rem_uuid}`)
      .execute();
    expect(ledger.filter((m) => m.mov_tipo === 'debito').reduce((n, m) => n + Math.abs(m.mov_creditos), 0)).toBe(7);
    const sent = (await app.call('GET', '/emails/send?searchTerm=CT-1', as.admin)).json();
    expect(sent.emails[0]).toMatchObject({ ema_uni_identificacao: 'CT-1', ema_uni_to: 'ana@cliente.test' });

    // One remessa for the file: no second one for its refused lines, which are listed in it.
    expect(await app.t.ctx.db.selectFrom('remessas').select('rem_codigo').where('rem_origem', '=', fileId).execute()).toEqual([]);
    const failure = await remessaOf(app.t.ctx.db, fileId);
    expect(failure).toMatchObject({
      rem_status_processamento: 'PROCESSADO_COM_FALHAS',
      rem_quantidade_registros: 11,
      rem_falhas: 6,
      tipo_falha: 'INVALID_FORMAT',
    });
    expect(failure?.motivo_falha?.split('\n')[0]).toBe('6 linha(s) recusada(s) (Formato inválido).');
    const reasons = failure?.motivo_falha ?? '';
    expect(reasons).toContain('Linha 4, coluna EMAIL_DESTINATARIO: o e-mail "carla-sem-arroba" não é válido.');
    expect(reasons).toContain('Linha 5, coluna MODELO: modelo "Modelo que não existe" não encontrado ou desativado.');
    expect(reasons).toContain('Linha 6, coluna TELEFONE_DESTINATARIO: o celular "1234" não é válido para SMS');
    expect(reasons).toContain('Linha 9, coluna NOME_DESTINATARIO: informe o nome do destinatário.');
    expect(reasons).toContain(
      'Linha 11, coluna EMAIL_DESTINATARIO: informe o e-mail do destinatário, ou peça SMS, WhatsApp ou AR-Voz com o número.',
    );
    expect(reasons).toContain('Linha 12, coluna TELEFONE_DESTINATARIO_WHATSAPP: o número "98765" não é válido para WhatsApp.');
    expect(reasons).not.toContain('ainda não está disponível');
    const types = await app.t.ctx.db
      .selectFrom('remessa_linhas')
      .select(['lin_numero', 'tipo_falha'])
      .where('rem_codigo', '=', fileId)
      .orderBy('lin_numero')
      .execute();
    expect(types.map((t) => t.tipo_falha)).toEqual([
      null,
      null,
      'INVALID_FORMAT',
      'TEMPLATE_ERROR',
      'INVALID_FORMAT',
      null,
      null,
      'REQUIRED_FIELDS',
      null,
      'REQUIRED_FIELDS',
      'INVALID_FORMAT',
    ]);
  });

  it('shows once, on the processed tab, with its counts and a progress that adds up to its lines', async () => {
    expect((await app.call('GET', '/remessas/stats', as.admin)).json()).toEqual({ total_sucessos: 1, total_falhas: 0 });
    const ok = await list(as.admin, 'sucesso');
    expect(ok.pagination.rowCount).toBe(1);
    expect(ok.data[0]).toMatchObject({
      rem_codigo: fileId,
      rem_status_processamento: 'PROCESSADO_COM_FALHAS',
      rem_origem: null,
      tipo_falha: 'INVALID_FORMAT',
    });
    expect(ok.data[0].motivo_falha).toContain('Linha 4, coluna EMAIL_DESTINATARIO');
    const progress = await waitFor(
      async () => (await list(as.admin, 'sucesso')).data[0].progresso,
      (p) => p.enviadas === 4,
    );
    // Iara's SMS and WhatsApp were accepted, not yet reported sent: her message is still in the
    // queue. Each line counted once, now: 1 queued + 4 sent + 6 refused = the file's 11 lines.
    expect(progress).toEqual({ enfileiradas: 5, aguardando: 0, na_fila: 1, enviadas: 4, falhas: 6 });
    expect((await list(as.admin, 'falha')).pagination.rowCount).toBe(0);
    // Search by the file name, the label of each tab.
    expect((await list(as.admin, 'sucesso', '&searchTerm=novembro')).pagination.rowCount).toBe(1);
    expect((await list(as.admin, 'sucesso', '&searchTerm=dezembro')).pagination.rowCount).toBe(0);
    expect((await app.call('GET', '/remessas?tipo=todas', as.admin)).statusCode).toBe(400);
    expect((await app.call('GET', '/remessas?column=rem_sha256', as.admin)).json().message).toBe('Coluna de ordenação inválida.');
  });

  it('answers the return preview: each line with protocol, the status of each channel, public page and reason', async () => {
    // Twilio reports Fábio's SMS delivered (a signed callback), so its column moves.
    const fabio = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_codigo', 'ema_uni_id'])
      .where('ema_uni_identificacao', '=', 'CT-6')
      .where('ema_uni_to', '=', 'fabio@cliente.test')
      .executeTakeFirstOrThrow();
    const accepted = await waitFor(
      () =>
        app.t.ctx.db
          .selectFrom('mensagens_provedor')
          .select('id_provedor')
          .where('cod_email', '=', fabio.ema_uni_codigo)
          .where('canal', '=', 'sms')
          .executeTakeFirst(),
      (row) => !!row,
    );
    const path = `/webhooks/twilio/sms/${fabio.ema_uni_id}`;
    const form = { MessageSid: accepted?.id_provedor ?? '', MessageStatus: 'delivered', AccountSid: TWILIO_SID, To: '+5511987654321' };
    const callback = await app.t.app.inject({
      method: 'POST',
      url: `/v2${path}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}/v2${path}`, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(callback.statusCode).toBe(204);
    const res = await app.call('GET', `/remessas/retorno/${fileId}`, as.admin);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('clientes%20novembro_previa.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      `${[...HEADER, 'VENCIMENTO'].join(';')};LINHA;PROTOCOLO;STATUS_EMAIL;STATUS_SMS;STATUS_WHATSAPP;STATUS_VOZ;STATUS_CARTA;RASTREIO_CARTA;PAGINA_PUBLICA;MOTIVO_FALHA`,
    );
    expect(lines).toHaveLength(12);
    const ana = lines[1]?.split(';') ?? [];
    expect(ana.slice(0, 4)).toEqual(['CT-1', 'Contrato *|ID|* de *|NOME|*', 'Ana Lima', 'ana@cliente.test']);
    expect(ana[10]).toMatch(/^[0-9a-f-]{36}$/);
    expect(['Processado', 'Enviado', 'Entregue']).toContain(ana[11]);
    expect(ana.slice(14, 17)).toEqual(['Não solicitado', 'Não solicitado', '']);
    expect(ana[17]).toBe(`http://localhost:3999/emails/info/public/${ana[10]}`);
    const cols = (n: number) => (lines[n]?.split(';') ?? []).slice(11, 14);
    // A refused line: 'Não enviado' for each channel it asked for.
    expect(cols(5)).toEqual(['Não enviado', 'Não enviado', 'Não solicitado']);
    expect(cols(11)).toEqual(['Não enviado', 'Não solicitado', 'Não enviado']);
    // Sent lines: each channel's own status, as the sent list names it.
    const status = /^(Processado|Enviado|Entregue)$/;
    const [fabioEmail, fabioSms, fabioWhats] = cols(6);
    expect(fabioEmail).toMatch(status);
    expect(fabioSms).toBe('Entregue');
    expect(fabioWhats).toBe('Não solicitado');
    const [gilEmail, gilSms, gilWhats] = cols(7);
    expect(gilEmail).toMatch(status);
    expect(gilSms).toBe('Não solicitado');
    expect(gilWhats).toBe('Processado');
    expect(cols(9)).toEqual(['Não solicitado', 'Processado', 'Processado']);
    expect(lines[9]?.split(';')[17]).toMatch(/^http:\/\/localhost:3999\/emails\/info\/public\/[0-9a-f-]{36}$/);
    // The refused lines are in the file's own preview, with their reasons.
    expect(lines[3]).toContain('Linha 4, coluna EMAIL_DESTINATARIO: o e-mail ""carla-sem-arroba"" não é válido.');
    // Several at once.
    const full = (await app.call('GET', `/remessas/retorno-full?ids=${fileId}`, as.admin)).body;
    expect(full.split('\r\n').filter((l) => l.startsWith(`${fileId};`))).toHaveLength(11);
  });

  it('asks before the same file goes again within 24 h, and sends it once confirmed', async () => {
    const again = await upload(as.admin, uploadBody(content, 'clientes novembro (1).csv'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^Este mesmo arquivo já foi enviado em \d\d\/\d\d\/\d{4} \d\d:\d\d \(remessa nº \d+\)\. Deseja enviá-lo novamente\?/,
    );
    expect(again.json().duplicada).toMatchObject({ rem_codigo: fileId, rem_nome: 'clientes novembro.csv' });
    expect((await app.call('GET', '/remessas/stats', as.admin)).json().total_sucessos).toBe(1);
    // Another user's same file asks nothing: the question is about the user's own sends.
    expect((await upload(as.gerente, uploadBody(content, 'x.csv'))).statusCode).toBe(201);
    const confirmed = await uploaded(as.admin, { ...uploadBody(content, 'clientes novembro (1).csv'), confirmarDuplicada: true });
    expect((await settled(app.t.ctx.db, confirmed)).rem_enfileiradas).toBe(5);
  });

  it('prints the period report, and for a period without remessas its header row with a count of 0', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const res = await app.call('GET', `/remessas/relatorio?format=csv&dataInicial=${today}&dataFinal=${today}`, as.admin);
    const day = today.split('-').reverse().join('-');
    expect(res.headers['content-disposition']).toContain(`remessas_${day}_${day}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Código;Arquivo;Recebida em;Última atualização;Status;Registros;Mensagens geradas;Enviadas;Falhas;Tipo da falha;Motivo da falha',
    );
    expect(lines.some((l) => l.startsWith(`${fileId};clientes novembro.csv;`) && l.includes(';Concluído com falhas;11;5;'))).toBe(true);
    const empty = await app.call('GET', '/remessas/relatorio?format=csv&dataInicial=2020-01-01&dataFinal=2020-01-31', as.admin);
    expect(empty.statusCode).toBe(200);
    // A CSV a spreadsheet opens with its columns, not a 0-byte file; the count says there is no row.
    expect(empty.body.replace(/^\uFEFF/, '')).toBe(`${lines[0]}\r\n`);
    expect(empty.headers['x-total-registros']).toBe('0');
    expect(res.headers['x-total-registros']).toBe(String(lines.length - 1));
    const future = await app.call('GET', '/remessas/relatorio?format=csv&dataInicial=2020-01-01&dataFinal=2999-01-31', as.admin);
    expect(future.json().message).toBe('A data não pode ser posterior a hoje.');
  });

  it("keeps another tenant's and another user's remessas out of reach: 404 on every id route, nothing listed", async () => {
    for (const who of [as.otherAdmin, as.usuario]) {
      const leaks = await notFoundForOthers(app, who, [
        ['GET', `/remessas/retorno/${fileId}`],
        ['GET', `/remessas/retorno-full?ids=${fileId}`],
      ]);
      expect(leaks).toEqual([]);
      expect((await list(who, 'sucesso', `&searchTerm=${fileId}`)).data).toEqual([]);
    }
    expect((await app.call('GET', '/remessas/stats', as.otherAdmin)).json()).toEqual({ total_sucessos: 0, total_falhas: 0 });
  });
});

describe('remessas: the phone channels follow the account, as compose does', () => {
  const setAccount = async (values: { usu_aceita_ar_whatsapp?: boolean; set_envia_email_obrigatorio?: boolean }) =>
    app.t.ctx.db
      .updateTable('usuarios')
      .set(values)
      .where('usu_codigo', '=', (await app.scopeOf('usuario@demo.local')).owner)
      .execute();
  const credits = async (n: number) =>
    app.t.ctx.db
      .updateTable('planos')
      .set({ pla_total_credito: n })
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', (await app.scopeOf('usuario@demo.local')).owner)
      .execute();
  // The demo's settings again after each test: WhatsApp allowed, e-mail optional.
  afterEach(() => setAccount({ usu_aceita_ar_whatsapp: true, set_envia_email_obrigatorio: false }));

  it('refuses a WhatsApp line of an account without AR-WhatsApp, with the reason; the other lines go', async () => {
    await template(as.usuario, 'Modelo canais');
    await credits(50);
    await setAccount({ usu_aceita_ar_whatsapp: false });
    const id = await uploaded(
      as.usuario,
      uploadBody(
        csvOf([
          ['W-1', 'Aviso', 'Wagner', 'wagner@cliente.test', '', '', 'Modelo canais', '(31) 99876-5432'],
          ['W-2', 'Aviso', 'Xavier', 'xavier@cliente.test', '', '', 'Modelo canais', ''],
        ]),
        'whatsapp sem permissao.csv',
      ),
    );
    const rem = await settled(app.t.ctx.db, id);
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
    const failure = await remessaOf(app.t.ctx.db, id);
    expect(failure).toMatchObject({ tipo_falha: 'CHANNEL_UNAVAILABLE' });
    expect(failure?.motivo_falha).toContain(
      'Linha 2, coluna TELEFONE_DESTINATARIO_WHATSAPP: o envio por AR-WhatsApp não está habilitado para esta conta; a linha não foi enviada.',
    );
    const preview = (await app.call('GET', `/remessas/retorno/${id}`, as.usuario)).body.trim().split('\r\n');
    expect(preview[1]?.split(';').slice(8, 13)).toEqual(['2', '', 'Não enviado', 'Não solicitado', 'Não enviado']);
    expect(preview[2]?.split(';')[12]).toBe('Não solicitado');
    expect(preview[2]?.split(';')[10]).toMatch(/^(Processado|Enviado|Entregue)$/);
    expect(await app.t.balance('usuario@demo.local')).toBe(49);
    // No message, so no WhatsApp job: nothing ever reaches Graph for that number.
    const messages = await app.t.ctx.db
      .selectFrom('emails')
      .select('ema_uni_codigo')
      .where('ema_uni_busca', 'like', '%5531998765432%')
      .execute();
    expect(messages).toEqual([]);
    expect(fakes.graph?.received.some((r) => (r.json as { to?: string }).to === '5531998765432')).toBe(false);
  });

  it('requires the e-mail on every line when the account requires it, as compose does', async () => {
    await setAccount({ set_envia_email_obrigatorio: true });
    const id = await uploaded(
      as.usuario,
      uploadBody(
        csvOf([
          ['E-1', 'Aviso', 'Yara', '', '(31) 99876-5432', 'S', 'Modelo canais', ''],
          ['E-2', 'Aviso', 'Zeca', 'zeca@cliente.test', '(31) 99876-5431', 'S', 'Modelo canais', ''],
        ]),
        'email obrigatorio.csv',
      ),
    );
    const rem = await settled(app.t.ctx.db, id);
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
    const failure = await remessaOf(app.t.ctx.db, id);
    expect(failure).toMatchObject({ tipo_falha: 'REQUIRED_FIELDS' });
    expect(failure?.motivo_falha).toContain('Linha 2, coluna EMAIL_DESTINATARIO: informe o e-mail do destinatário.');
    // E-mail and SMS together cost one credit.
    expect(await app.t.balance('usuario@demo.local')).toBe(48);
  });

  it("follows the user's default cascade: the SMS waits for its step, a line without the SMS number fails with the cascade's message", async () => {
    await template(as.usuario, 'Modelo régua');
    await credits(50);
    const ladder = {
      modelo: 'personalizada',
      etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 1, unidade: 'horas' } }],
    };
    expect((await app.call('PUT', '/usuarios-settings/cascata', as.usuario, { cascata: ladder })).statusCode).toBe(200);
    try {
      const id = await uploaded(
        as.usuario,
        uploadBody(
          csvOf([
            ['C-1', 'Aviso', 'Caio', 'caio@cliente.test', '(31) 99876-5400', 'S', 'Modelo régua', ''],
            ['C-2', 'Aviso', 'Cida', 'cida@cliente.test', '', '', 'Modelo régua', ''],
          ]),
          'regua padrao.csv',
        ),
      );
      const rem = await settled(app.t.ctx.db, id);
      expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_FALHAS', rem_enfileiradas: 1, rem_falhas: 1 });
      const failure = await remessaOf(app.t.ctx.db, id);
      expect(failure).toMatchObject({ tipo_falha: 'REQUIRED_FIELDS' });
      expect(failure?.motivo_falha).toContain(
        'Linha 3, coluna TIPO_ENVIO_SMS: A régua de notificação envia AR-SMS: informe o celular do SMS de cada destinatário.',
      );
      const line = await app.t.ctx.db
        .selectFrom('remessa_linhas')
        .select('cod_email')
        .where('rem_codigo', '=', id)
        .where('lin_numero', '=', 2)
        .executeTakeFirstOrThrow();
      const cod = line.cod_email as number;
      const steps = await app.t.ctx.db
        .selectFrom('cascata_etapas')
        .select(['eta_canal', 'eta_situacao'])
        .where('cod_email', '=', cod)
        .orderBy('eta_ordem')
        .execute();
      expect(steps).toEqual([
        { eta_canal: 'email', eta_situacao: 'enviada' },
        { eta_canal: 'sms', eta_situacao: 'aguardando' },
      ]);
      // The SMS is the message's (its text is in the hash) but waits: no status, nothing sent to Twilio.
      const msg = await app.t.ctx.db
        .selectFrom('emails')
        .select(['ema_status_sms', 'ema_uni_creditos'])
        .where('ema_uni_codigo', '=', cod)
        .executeTakeFirstOrThrow();
      expect(msg).toEqual({ ema_status_sms: null, ema_uni_creditos: 1 });
      expect(fakes.twilio?.received.some((r) => String(r.body ?? '').includes('5531998765400'))).toBe(false);
      expect(await app.t.balance('usuario@demo.local')).toBe(49);
    } finally {
      await app.call('PUT', '/usuarios-settings/cascata', as.usuario, { cascata: null });
    }
  });

  it("prices the file by its lines' channels before anything is sent (WhatsApp one credit more)", async () => {
    await credits(3);
    const rows = ['p1', 'p2'].map((n, i) => [n, 'Aviso', `Nome ${n}`, `${n}@cliente.test`, '', '', 'Modelo canais', `(31) 99876-543${i}`]);
    const id = await uploaded(as.usuario, uploadBody(csvOf(rows), 'whatsapp sem creditos.csv'));
    const rem = await settled(app.t.ctx.db, id);
    expect(rem).toMatchObject({ rem_status_processamento: 'ERRO_PROCESSAMENTO', tipo_falha: 'CREDITS_ERROR', rem_enfileiradas: 0 });
    expect(rem.motivo_falha).toBe('Créditos insuficientes: a remessa precisa de 4 crédito(s) e o plano tem 3. Nenhuma linha foi enviada.');
    expect(await app.t.balance('usuario@demo.local')).toBe(3);
  });
});

describe('remessas: credits and the 90-day clean-up', () => {
  it('refuses a file the plan cannot pay before anything is sent', async () => {
    const code = await template(as.usuario, 'Modelo do usuário');
    await app.t.ctx.db
      .updateTable('planos')
      .set({ pla_total_credito: 2 })
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', (await app.scopeOf('usuario@demo.local')).owner)
      .execute();
    const rows = ['u1', 'u2', 'u3'].map((n) => [n, 'Aviso', `Nome ${n}`, `${n}@cliente.test`, '', '', String(code), '', '']);
    const id = await uploaded(as.usuario, uploadBody(csvOf(rows), 'sem creditos.csv'));
    const rem = await settled(app.t.ctx.db, id);
    expect(rem).toMatchObject({ rem_status_processamento: 'ERRO_PROCESSAMENTO', tipo_falha: 'CREDITS_ERROR', rem_enfileiradas: 0 });
    expect(rem.motivo_falha).toBe('Créditos insuficientes: a remessa precisa de 3 crédito(s) e o plano tem 2. Nenhuma linha foi enviada.');
    expect(await app.t.balance('usuario@demo.local')).toBe(2);
    expect(sink.messages.some((m) => m.rcptTo.includes('u1@cliente.test'))).toBe(false);
    expect((await list(as.usuario, 'falha')).data[0]).toMatchObject({ rem_codigo: id, tipo_falha: 'CREDITS_ERROR' });
  });

  it('refuses a file of an account that requires attachments (ERRO_CONFIGURACAO), as compose would', async () => {
    const owner = (await app.scopeOf('usuario@demo.local')).owner;
    await app.t.ctx.db
      .updateTable('planos')
      .set({ pla_total_credito: 100 })
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', owner)
      .execute();
    await app.t.ctx.db.updateTable('usuarios').set({ usu_anexo_obrigatorio: 'S' }).where('usu_codigo', '=', owner).execute();
    const code = (await list(as.usuario, 'falha')).data.length;
    const id = await uploaded(
      as.usuario,
      uploadBody(csvOf([['a1', 'Aviso', 'Nome', 'a1@cliente.test', '', '', 'Modelo do usuário', '']]), 'anexo.csv'),
    );
    const rem = await settled(app.t.ctx.db, id);
    expect(rem).toMatchObject({ rem_status_processamento: 'ERRO_CONFIGURACAO', tipo_falha: 'REQUIRED_FIELDS', rem_enfileiradas: 0 });
    expect(rem.motivo_falha).toContain('Você deve selecionar um ou mais anexos');
    expect((await list(as.usuario, 'falha')).data.length).toBe(code + 1);
    expect(await app.t.balance('usuario@demo.local')).toBe(100);
    await app.t.ctx.db.updateTable('usuarios').set({ usu_anexo_obrigatorio: 'N' }).where('usu_codigo', '=', owner).execute();
  });

  it('removes remessas that failed whole (and their files) after 90 days; those sent stay, with or without refused lines', async () => {
    const db = app.t.ctx.db;
    const old = new Date(Date.now() - 91 * 86_400_000);
    const failed = await db
      .selectFrom('remessas')
      .select(['rem_codigo', 'rem_arquivo'])
      .where('rem_status_processamento', '=', 'FALHA_NA_VALIDACAO')
      .where('rem_arquivo', 'is not', null)
      .executeTakeFirstOrThrow();
    await db.updateTable('remessas').set({ rem_data_processamento: old }).execute();
    const before = await db.selectFrom('remessas').select('rem_status_processamento').execute();
    expect(await app.t.ctx.storage.read(failed.rem_arquivo as string)).not.toBeNull();
    await removeExpiredFailures(app.t.ctx, new Date(Date.now() - 90 * 86_400_000));
    const after = await db.selectFrom('remessas').select('rem_status_processamento').execute();
    const sent = (s: string) => s === 'PROCESSADO_COM_SUCESSO' || s === 'PROCESSADO_COM_FALHAS';
    expect(after.every((r) => sent(r.rem_status_processamento))).toBe(true);
    expect(after.length).toBe(before.filter((r) => sent(r.rem_status_processamento)).length);
    expect(await app.t.ctx.storage.read(failed.rem_arquivo as string)).toBeNull();
  });
});
