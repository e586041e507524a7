import { csvCellText, MSG, REPORT_MSG } from '@ar/core';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, withoutSession } from '../../../test/harness.ts';
import { insertManyMessages, insertMessage } from '../../../test/messages.ts';
import { useTenants } from '../../../test/tenants.ts';

const app = useTestApp();
const { as } = useTenants(app);
const users = app.signIns({ usuario: 'usuario@demo.local', outro: 'usuario@outra.local' });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const period = 'dataInicial=2026-10-01&dataFinal=2026-10-31';

beforeAll(async () => {
  const db = app.t.ctx.db;
  // A legal notice by e-mail and SMS with its whole history, on 15/10 (Brasília).
  await insertMessage(db, {
    login: 'usuario@demo.local',
    at: '2026-10-15T13:00:00Z',
    nameTo: 'José Ângelo',
    to: 'jose@cliente.test',
    sms: '(11) 98765-4321',
    subject: 'Intimação — ação de cobrança',
    identificacao: 'Processo São Paulo',
    creditos: 3,
    oficio: { numeroProcesso: '1234/2026', numeroCnj: '0001234-55.2026.8.26.0100' },
    events: [
      ['email', 'processed', '2026-10-15T13:00:01Z'],
      ['email', 'send', '2026-10-15T13:00:05Z', { smtpResponse: '250 OK' }],
      ['email', 'delivered', '2026-10-15T13:01:00Z'],
      ['email', 'track', '2026-10-15T13:02:00Z', { classificacao: 'proxy-de-imagens' }],
      ['email', 'read', '2026-10-15T14:30:00Z'],
      ['sms', 'processed', '2026-10-15T13:00:02Z'],
      ['sms', 'erro', '2026-10-15T13:00:09Z', { reasonFailure: 'Número inexistente' }],
    ],
  });
  // Formula-leading text the user typed: it must stay text.
  await insertMessage(db, {
    login: 'usuario@demo.local',
    at: '2026-10-20T12:00:00Z',
    identificacao: '=HYPERLINK("http://mal.test","x")',
    subject: '+55 aviso',
    nameTo: '@maria',
    events: [['email', 'processed', '2026-10-20T12:00:01Z']],
  });
  // The edges of the period in Brasília time: 31/10 23:59:59 is in, 01/11 00:00 and 30/09 23:59 are out.
  await insertMessage(db, { login: 'usuario@demo.local', at: '2026-11-01T02:59:59Z', subject: 'Último minuto' });
  await insertMessage(db, { login: 'usuario@demo.local', at: '2026-11-01T03:00:00Z', subject: 'Fora: novembro' });
  await insertMessage(db, { login: 'usuario@demo.local', at: '2026-10-01T02:59:59Z', subject: 'Fora: setembro' });
  // Other users: the manager, the administrator, the postpaid entity's user and another administration.
  await insertMessage(db, { login: 'gerente@demo.local', at: '2026-10-10T12:00:00Z', subject: 'Do gerente' });
  await insertMessage(db, { login: 'admin@demo.local', at: '2026-10-10T12:00:00Z', subject: 'Do administrador' });
  await insertMessage(db, { login: 'pos@demo.local', at: '2026-10-10T12:00:00Z', subject: 'Do pós-pago' });
  await insertMessage(db, { login: 'usuario@outra.local', at: '2026-10-10T12:00:00Z', subject: 'De outra administração' });
});

const report = (auth: Record<string, string>, query: string) => app.call('GET', `/reports?${query}`, auth);

async function readXlsx(res: LightMyRequestResponse) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('GET/POST /v2/reports: the request', () => {
  it('asks for a session', async () => {
    expect(await withoutSession(app, ['GET /reports', 'POST /reports'])).toEqual([]);
  });

  it("answers 400 'Selecione um período' and 'Selecione um tipo de Relatório'", async () => {
    const ana = users.usuario;
    for (const query of ['tipo=enviados', 'dataInicial=2026-10-01&tipo=enviados', 'dataInicial=&dataFinal=&tipo=enviados']) {
      const res = await report(ana, query);
      expect([res.statusCode, res.json().message]).toEqual([400, REPORT_MSG.periodRequired]);
    }
    const noType = await report(ana, period);
    expect([noType.statusCode, noType.json().message]).toEqual([400, REPORT_MSG.typeRequired]);
    const post = await app.call('POST', '/reports', ana, { nameReport: 'x', format: 'xlsx', parameters: {} });
    expect([post.statusCode, post.json().message]).toEqual([400, REPORT_MSG.periodRequired]);
    const badDay = await report(ana, 'dataInicial=2026-02-30&dataFinal=2026-03-01&tipo=enviados');
    expect(badDay.json().message).toBe(REPORT_MSG.invalidDate);
    const backwards = await report(ana, 'dataInicial=2026-10-31&dataFinal=2026-10-01&tipo=enviados');
    expect(backwards.json().message).toBe(REPORT_MSG.periodOrder);
    const format = await report(ana, `${period}&tipo=enviados&format=pdf`);
    expect(format.json().message).toBe(REPORT_MSG.invalidFormat);
  });

  it("answers 404 'Ausência de Dados!' for a period without messages", async () => {
    const res = await report(users.usuario, 'dataInicial=2025-01-01&dataFinal=2025-01-31&tipo=enviados');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: REPORT_MSG.noData });
    // The other administration's user has a message in October, not the demo's manager's entity report in 2025.
    const entity = await report(as.gerente, 'dataInicial=2025-01-01&dataFinal=2025-01-31&tipo=enviados-entidade');
    expect(entity.json()).toEqual({ message: REPORT_MSG.noData });
  });

  it("answers 403 to a level-1 user asking for 'Enviados por Entidade'", async () => {
    const res = await report(users.usuario, `${period}&tipo=enviados-entidade`);
    expect([res.statusCode, res.json().message]).toEqual([403, MSG.forbidden]);
  });
});

describe('the xlsx report', () => {
  it('is a real workbook: one row per message and channel, dates as dates, header frozen and filtered', async () => {
    const res = await report(users.usuario, `${period}&tipo=enviados&nameReport=Relatório Outubro`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(decodeURIComponent(String(res.headers.filename))).toBe('Relatorio-Outubro_01-10-2026_31-10-2026.xlsx');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Relatorio-Outubro_01-10-2026_31-10-2026.xlsx"');
    const wb = await readXlsx(res);
    const sheet = wb.getWorksheet('Enviados');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const rows = rowsOf(sheet);
    const header = rows[0] as string[];
    expect(header.slice(0, 6)).toEqual(['Protocolo', 'Identificador', 'Identificação', 'Assunto', 'Nº do processo', 'Nº CNJ']);
    expect(sheet.getColumn(header.indexOf('Assunto') + 1).width).toBe(40);
    const col = (name: string) => header.indexOf(name);
    // The notice: an e-mail row and an SMS row; three messages of the period in all (the edges: 31/10 23:59:59 in).
    const subjects = rows.slice(1).map((r) => r[col('Assunto')]);
    expect(subjects).toEqual(['Intimação — ação de cobrança', 'Intimação — ação de cobrança', '+55 aviso', 'Último minuto']);
    const [email, sms] = rows.slice(1) as unknown[][];
    if (!email || !sms) throw new Error('rows missing');
    expect(email[col('Canal')]).toBe('AR-Email');
    expect(sms[col('Canal')]).toBe('AR-SMS');
    expect(email[col('Nº do processo')]).toBe('1234/2026');
    expect(email[col('Nº CNJ')]).toBe('0001234-55.2026.8.26.0100');
    expect(email[col('Destinatário')]).toBe('José Ângelo');
    expect(sms[col('Telefone do destinatário')]).toBe('(11) 98765-4321');
    expect(email[col('Status atual')]).toBe('Lido');
    // Real dates holding Brasília's wall-clock time (13:00:05 UTC is 10:00:05 in Brasília), shown pt-BR.
    const sent = email[col('Enviado em')] as Date;
    expect(sent).toBeInstanceOf(Date);
    expect(sent.toISOString()).toBe('2026-10-15T10:00:05.000Z');
    expect(sheet.getRow(2).getCell(col('Enviado em') + 1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    // The image proxy's open is not a read: the read is the person's, 11:30 in Brasília.
    expect((email[col('Lido em')] as Date).toISOString()).toBe('2026-10-15T11:30:00.000Z');
    expect(sms[col('Lido em')]).toBeUndefined();
    expect(sms[col('Motivo da falha')]).toBe('Número inexistente');
    expect(email[col('Créditos')]).toBe(3);
    expect(sms[col('Créditos')]).toBeUndefined();
    expect(email[col('Página pública')]).toBe(`http://localhost:3999/emails/info/public/${email[col('Identificador')]}`);
    expect(header).not.toContain('Entidade');
  });

  it('has a row for the call and one for the letter: the number called, the postal address and the tracking code', async () => {
    await insertMessage(app.t.ctx.db, {
      login: 'usuario@demo.local',
      at: '2026-08-10T13:00:00Z',
      nameTo: 'Carla Mendes',
      subject: 'Notificação de débito',
      voz: '+5511976543210',
      carta: {
        nome: 'Carla Mendes',
        endereco: 'Rua XV de Novembro',
        numero: '700',
        complemento: 'Sala 12',
        bairro: 'Centro',
        cidade: 'Curitiba',
        estado: 'PR',
        cep: '80020310',
        rastreio: 'RA100000017BR',
      },
      events: [
        ['email', 'processed', '2026-08-10T13:00:01Z'],
        ['voz', 'processed', '2026-08-10T13:00:01Z'],
        ['voz', 'acknowledged', '2026-08-10T13:02:00Z'],
        ['carta', 'processed', '2026-08-10T13:00:01Z'],
        ['carta', 'send', '2026-08-10T15:00:00Z'],
        ['carta', 'delivered', '2026-08-12T14:00:00Z'],
      ],
    });
    const sheet = (await readXlsx(await report(users.usuario, 'dataInicial=2026-08-01&dataFinal=2026-08-31&tipo=enviados'))).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const [header, ...rows] = rowsOf(sheet) as unknown[][];
    const col = (name: string) => (header as string[]).indexOf(name);
    expect(rows.map((r) => r[col('Canal')])).toEqual(['AR-Email', 'AR-Voz', 'AR-Carta']);
    const [, voz, carta] = rows as unknown[][];
    if (!voz || !carta) throw new Error('rows missing');
    expect([voz[col('Telefone do destinatário')], voz[col('Status atual')]]).toEqual(['+5511976543210', 'Confirmado']);
    expect(voz[col('Endereço postal')]).toBeUndefined();
    expect(carta[col('Status atual')]).toBe('Entregue');
    expect(carta[col('Endereço postal')]).toBe('Carla Mendes, Rua XV de Novembro, 700 - Sala 12, Centro, 80020-310 Curitiba - PR');
    expect(carta[col('Rastreamento')]).toBe('RA100000017BR');
    expect((carta[col('Entregue em')] as Date).toISOString()).toBe('2026-08-12T11:00:00.000Z');
  });

  it('keeps formula-leading text as text in both formats', async () => {
    const xlsx = await readXlsx(await report(users.usuario, `${period}&tipo=enviados`));
    const sheet = xlsx.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    let found = false;
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        expect(cell.formula).toBeUndefined();
        if (cell.value === '=HYPERLINK("http://mal.test","x")') found = cell.type === ExcelJS.ValueType.String;
      });
    });
    expect(found).toBe(true);
    const csv = (await report(users.usuario, `${period}&tipo=enviados&format=csv`)).body;
    expect(csv).toContain(`;"'=HYPERLINK(""http://mal.test"",""x"")";'+55 aviso;`);
    expect(csv).toContain(";'@maria;");
  });
});

describe('the csv report', () => {
  it("is UTF-8 with a BOM, ';' separated, dates in Brasília time", async () => {
    const res = await app.call('POST', '/reports', users.usuario, {
      nameReport: 'enviados',
      format: 'csv',
      parameters: { dataInicial: '2026-10-01', dataFinal: '2026-10-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(String(res.headers.filename))).toBe('enviados_01-10-2026_31-10-2026.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.startsWith('Protocolo;Identificador;Identificação;Assunto;')).toBe(true);
    const notice = lines.find((l) => l.includes('AR-Email') && l.includes('José Ângelo')) ?? '';
    expect(notice).toContain('Intimação — ação de cobrança');
    expect(notice).toContain(';15/10/2026 10:00:05;');
    expect(lines.filter(Boolean)).toHaveLength(5);
  });

  it('reads every page of a long period (keyset pages of 1,000)', async () => {
    await insertManyMessages(app.t.ctx.db, 'gerente@demo.local', 2_105, '2026-09-10T12:00:00Z');
    const res = await report(as.gerente, 'dataInicial=2026-09-01&dataFinal=2026-09-30&tipo=enviados&format=csv');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2_106);
    const protocols = lines.slice(1).map((l) => Number(l.split(';')[0]));
    expect(new Set(protocols).size).toBe(2_105);
    expect(protocols).toEqual([...protocols].sort((a, b) => a - b));
  });
});

describe('tenancy', () => {
  const subjectsOf = async (auth: Record<string, string>, tipo: string) => {
    const res = await report(auth, `${period}&tipo=${tipo}&format=csv`);
    if (res.statusCode !== 200) return [];
    return res.body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(';').map(csvCellText));
  };

  it("'Enviados' is the user's own messages, at every level", async () => {
    const own = await subjectsOf(as.gerente, 'enviados');
    expect(own.map((r) => r[3])).toEqual(['Do gerente']);
    const other = await subjectsOf(users.outro, 'enviados');
    expect(other.map((r) => r[3])).toEqual(['De outra administração']);
  });

  it("'Enviados por Entidade' covers the users the level reads, with user, entity and a summary per entity", async () => {
    const manager = await subjectsOf(as.gerente, 'enviados-entidade');
    // The manager reads its entity's users up to level 2: itself and the user, not the administrator.
    expect(new Set(manager.map((r) => r[6]))).toEqual(
      new Set(['Do gerente', 'Intimação — ação de cobrança', '+55 aviso', 'Último minuto']),
    );
    expect(manager.every((r) => r[0] === 'Demo Pré-pago')).toBe(true);
    const admin = await subjectsOf(as.admin, 'enviados-entidade');
    expect(new Set(admin.map((r) => r[6]))).toEqual(
      new Set(['Do gerente', 'Do administrador', 'Do pós-pago', 'Intimação — ação de cobrança', '+55 aviso', 'Último minuto']),
    );
    expect(admin.some((r) => r[6] === 'De outra administração')).toBe(false);

    const wb = await readXlsx(await report(as.admin, `${period}&tipo=enviados-entidade`));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Enviados por Entidade', 'Resumo por Entidade']);
    const main = rowsOf(wb.worksheets[0] as ExcelJS.Worksheet);
    expect((main[0] as string[]).slice(0, 4)).toEqual(['Entidade', 'Usuário', 'Login', 'Protocolo']);
    const summary = rowsOf(wb.worksheets[1] as ExcelJS.Worksheet);
    expect(summary[0]).toEqual(['Entidade', 'Usuários', 'Mensagens', 'Entregues', 'Lidas', 'Com falha', 'Créditos']);
    expect(summary.slice(1)).toEqual([
      ['Demo Pós-pago', 1, 1, 0, 0, 0, 1],
      ['Demo Pré-pago', 3, 5, 1, 1, 1, 7],
    ]);
  });
});
