import { CASCADE_MSG, type CascadePlanInput, composeBody, EMAIL_MSG, REACHED_BITS } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { failChannel } from '../channels/channels.service.ts';
import { recordEvent } from '../emails/events.ts';
import { sendEmails } from '../emails/send.service.ts';
import { checkChain } from '../evidence/chain-check.ts';
import { decideCascadeStep } from './cascade.service.ts';
import { cascadeDeadline } from './cascade-deadline.ts';
import { CASCADE_STEP_QUEUE } from './cascade-queue.ts';

/**
 * The channel cascade (docs/cascade.md) through the API, with the queue running and the workers
 * off: each step is decided by calling the job's function with the time it runs at, so the test
 * controls the clock; the evidence is recorded as the pipeline records it (recordEvent,
 * recordChannelFailure).
 */
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const users = app.signIns({ ana: 'usuario@demo.local' });
const LOGIN = 'usuario@demo.local';

const address = {
  nome: 'Ana Beatriz Souza',
  endereco: 'Avenida Paulista',
  numero: '1578',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01310-200',
};
const row = {
  to: 'ana@cliente.test',
  nameTo: 'Ana',
  sms: { name: 'Ana', mobile: '(11) 98765-4321' },
  whatsapp: { name: 'Ana', mobile: '(11) 98765-4321' },
  carta: address,
};
const compose = (cascata: CascadePlanInput | null, r: Record<string, unknown> = row) => ({
  destinataires: [r],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação extrajudicial',
  content: '<p>Prezada, segue a notificação.</p>',
  cascata,
});
/** An instant given as Brasília wall-clock time (UTC−3 since 2019). */
const brasiliaInstant = (day: string, h: number, m: number, sec: number, ms: number) =>
  new Date(`${day}T${[h, m, sec].map((n) => String(n).padStart(2, '0')).join(':')}.${String(ms).padStart(3, '0')}-03:00`);
const HOURS = (n: number) => ({ prazo: n, unidade: 'horas' as const });

async function steps(cod: number) {
  return app.t.ctx.db.selectFrom('cascata_etapas').selectAll().where('cod_email', '=', cod).orderBy('eta_ordem').execute();
}
async function events(cod: number) {
  return app.t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_canal', 'evt_tipo', 'evt_detalhes', 'evt_hash'])
    .where('cod_email', '=', cod)
    .orderBy('evt_seq')
    .execute();
}
async function jobs(name: string, cod: number) {
  const all = await app.t.ctx.boss?.findJobs<{ cod_email: number; ordem?: number }>(name);
  return (all ?? []).filter((j) => j.data.cod_email === cod);
}
async function send(cascata: CascadePlanInput, r: Record<string, unknown> = row) {
  const res = await app.call('POST', '/emails/send', users.ana, compose(cascata, r));
  expect([res.statusCode, res.json().message]).toEqual([200, EMAIL_MSG.sent('AR Online')]);
  return { cod: res.json().emails[0].ema_uni_codigo as number, creditos: res.json().creditos as number };
}

describe('the channel cascade', () => {
  it('refuses a bad plan, or a step without its target on the row, with a Portuguese message and nothing charged', async () => {
    const before = await app.t.balance(LOGIN);
    const bad = async (cascata: unknown, r: Record<string, unknown> = row) => {
      const res = await app.call('POST', '/emails/send', users.ana, compose(cascata as CascadePlanInput, r));
      return [res.statusCode, res.json().message];
    };
    expect(await bad({ modelo: 'personalizada', etapas: [{ canal: 'email' }] })).toEqual([400, CASCADE_MSG.minSteps]);
    expect(
      await bad({ modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'email', condicao: { tipo: 'nao_lido', ...HOURS(1) } }] }),
    ).toEqual([400, CASCADE_MSG.repeated]);
    expect(await bad({ modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido' } }] })).toEqual([
      400,
      CASCADE_MSG.wait(2),
    ]);
    expect(await bad({ modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'sms' }] })).toEqual([400, CASCADE_MSG.condition(2)]);
    expect(
      await bad({ modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido', ...HOURS(721) } }] }),
    ).toEqual([400, CASCADE_MSG.waitTooLong(2, 720, 'horas')]);
    expect(await bad({ modelo: 'cpc246' }, { to: 'ana@cliente.test', nameTo: 'Ana' })).toEqual([400, CASCADE_MSG.needs('carta')]);
    expect(
      await bad(
        { modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido', ...HOURS(1) } }] },
        { to: 'ana@cliente.test', nameTo: 'Ana' },
      ),
    ).toEqual([400, CASCADE_MSG.needs('sms')]);
    expect(await bad({ modelo: 'outra' })).toEqual([400, CASCADE_MSG.model]);
    expect(await app.t.balance(LOGIN)).toBe(before);
  });

  it('stops when the e-mail is read before the deadline: nothing more sent, nothing more debited, the reason chained', async () => {
    const before = await app.t.balance(LOGIN);
    const { cod, creditos } = await send({
      modelo: 'personalizada',
      etapas: [
        { canal: 'email' },
        { canal: 'whatsapp', condicao: { tipo: 'nao_lido', ...HOURS(24) } },
        { canal: 'carta', condicao: { tipo: 'nao_confirmado', prazo: 3, unidade: 'dias_uteis' } },
      ],
    });
    // Only the e-mail is debited (and only its 'processed' recorded); SMS is not in the plan and goes with it (shared unit).
    expect(creditos).toBe(1);
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    const msg = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_status_email', 'ema_status_sms', 'ema_status_whatsapp', 'ema_status_carta', 'ema_uni_creditos'])
      .where('ema_uni_codigo', '=', cod)
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({
      ema_status_email: 'processed',
      ema_status_sms: 'processed',
      ema_status_whatsapp: null,
      ema_status_carta: null,
      ema_uni_creditos: 1,
    });
    const [, wa] = await steps(cod);
    expect(wa?.eta_situacao).toBe('aguardando');
    const deadline = new Date(wa?.eta_prazo as Date);
    expect(deadline.getTime() - new Date(wa?.eta_desde as Date).getTime()).toBe(24 * 3_600_000);
    const queued = await jobs(CASCADE_STEP_QUEUE, cod);
    expect(queued.map((j) => [j.data, new Date(j.startAfter).getTime()])).toEqual([[{ cod_email: cod, ordem: 1 }, deadline.getTime()]]);
    expect(await jobs('whatsapp-send', cod)).toEqual([]);

    // Before the deadline the step waits, whatever the evidence.
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date(deadline.getTime() - 1000))).toBe('aguardando');
    await recordEvent(
      app.t.ctx.db,
      { cod_email: cod, canal: 'email', tipo: 'read', detalhes: { classificacao: 'pessoa' } },
      app.t.ctx.boss,
    );
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date(deadline.getTime() + 1000))).toBe('pulada');
    // Decided once: a second run of the job changes nothing.
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date(deadline.getTime() + 5000))).toBe('nada');

    const after = await steps(cod);
    expect(after.map((s) => s.eta_situacao)).toEqual(['enviada', 'pulada', 'pulada']);
    expect(after[1]?.eta_motivo).toMatch(/^AR-Email lido em \d\d\/\d\d\/\d{4} \d\d:\d\d: a régua se encerra e AR-WhatsApp não é enviado/);
    expect(after[2]?.eta_motivo).toBe('Não enviado: a régua se encerrou na etapa 2.');
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    expect(await jobs('whatsapp-send', cod)).toEqual([]);
    expect(await jobs('carta-send', cod)).toEqual([]);
    const evts = await events(cod);
    expect(evts.some((e) => e.evt_canal === 'whatsapp' || e.evt_canal === 'carta')).toBe(false);
    const stop = evts.at(-1) as (typeof evts)[number];
    expect([stop.evt_canal, stop.evt_tipo, (stop.evt_detalhes as { etapa: string }).etapa]).toEqual([
      'email',
      'processed',
      'régua de notificação encerrada',
    ]);
    expect((stop.evt_detalhes as { motivo: string }).motivo).toBe(after[1]?.eta_motivo);
    // The plan itself was chained at the send.
    expect(evts.find((e) => (e.evt_detalhes as { etapa?: string }).etapa === 'régua de notificação')?.evt_detalhes).toMatchObject({
      modelo: 'personalizada',
      etapas: [
        { ordem: 1, canal: 'email', condicao: 'no envio' },
        { ordem: 2, canal: 'whatsapp', condicao: 'se não houver leitura em 24 horas' },
        { ordem: 3, canal: 'carta', condicao: 'se o recebimento não for confirmado em 3 dias úteis' },
      ],
    });
    expect((await checkChain(app.t.ctx.db, cod))?.isIntact).toBe(true);
  });

  it('an automated open is no read: the unread e-mail moves on to SMS, then WhatsApp, each debiting only what it adds', async () => {
    const before = await app.t.balance(LOGIN);
    const { cod, creditos } = await send(
      {
        modelo: 'personalizada',
        etapas: [
          { canal: 'email' },
          { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 30, unidade: 'minutos' } },
          { canal: 'whatsapp', condicao: { tipo: 'nao_entregue', ...HOURS(2) } },
        ],
      },
      { ...row, carta: undefined },
    );
    expect(creditos).toBe(1);
    const [, sms] = await steps(cod);
    const smsDeadline = new Date(sms?.eta_prazo as Date);
    // The sent detail opens no SMS or WhatsApp panel before their steps send them; the cascade's panel shows the steps.
    const detail = async () => (await app.call('GET', `/emails/send/${cod}`, users.ana)).json();
    expect(await detail()).toMatchObject({ ema_uni_sms: null, smsStatus: null, ema_uni_whatsapp: null, whatsappStatus: null });
    expect((await detail()).cascata.etapas.map((e: { canal: string; situacao: string }) => [e.canal, e.situacao])).toEqual([
      ['email', 'enviada'],
      ['sms', 'aguardando'],
      ['whatsapp', 'aguardando'],
    ]);
    // An image proxy's fetch is evidence, not a read (docs/reads.md).
    await recordEvent(
      app.t.ctx.db,
      { cod_email: cod, canal: 'email', tipo: 'track', affectsStatus: false, detalhes: { classificacao: 'proxy-de-imagens' } },
      app.t.ctx.boss,
    );
    await recordEvent(app.t.ctx.db, { cod_email: cod, canal: 'email', tipo: 'delivered' }, app.t.ctx.boss);
    const smsAt = new Date(smsDeadline.getTime() + 2000);
    expect(await decideCascadeStep(app.t.ctx, cod, 1, smsAt)).toBe('enviada');
    // SMS shares the e-mail's unit (spec 001 §9): nothing more is debited.
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    expect((await jobs('sms-send', cod)).length).toBe(1);
    let now = await steps(cod);
    expect(now.map((s) => [s.eta_situacao, s.eta_creditos])).toEqual([
      ['enviada', 1],
      ['enviada', 0],
      ['aguardando', 0],
    ]);
    expect(now[1]?.eta_motivo).toMatch(
      /^Nenhuma leitura de AR-Email até .+ \(condição: se não houver leitura em 30 minutos\): AR-SMS enviado\.$/,
    );
    const smsProcessed = (await events(cod)).find((e) => e.evt_canal === 'sms') as Awaited<ReturnType<typeof events>>[number];
    expect([smsProcessed.evt_tipo, (smsProcessed.evt_detalhes as { cascata: { motivo: string } }).cascata.motivo]).toEqual([
      'processed',
      now[1]?.eta_motivo,
    ]);
    // The next wait counts from the moment the SMS went.
    expect(new Date(now[2]?.eta_desde as Date).getTime()).toBe(smsAt.getTime());
    expect(new Date(now[2]?.eta_prazo as Date).getTime()).toBe(smsAt.getTime() + 2 * 3_600_000);
    expect((await jobs(CASCADE_STEP_QUEUE, cod)).map((j) => j.data.ordem)).toEqual(expect.arrayContaining([1, 2]));

    // 'Not delivered' looks at every channel sent so far: the e-mail's delivery holds WhatsApp back.
    expect(await decideCascadeStep(app.t.ctx, cod, 2, new Date(smsAt.getTime() + 2 * 3_600_000 + 1))).toBe('pulada');
    now = await steps(cod);
    expect(now[2]?.eta_motivo).toMatch(/^AR-Email entregue em .+: a régua se encerra e AR-WhatsApp não é enviado/);
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    // The recipient's page shows the SMS that went, never the WhatsApp that did not.
    const uuid = (await app.t.ctx.db.selectFrom('emails').select('ema_uni_id').where('ema_uni_codigo', '=', cod).executeTakeFirstOrThrow())
      .ema_uni_id;
    const page = await app.t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${uuid}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ numberSMS: '+5511987654321', numberWhatsapp: null, statusWhatsapp: null });
    // So does the sender's detail: the SMS panel once it went, no WhatsApp panel.
    expect(await detail()).toMatchObject({ smsStatus: { number: '+5511987654321' }, ema_uni_whatsapp: null, whatsappStatus: null });
    expect((await checkChain(app.t.ctx.db, cod))?.isIntact).toBe(true);
  });

  it("a 'falhou' step goes as soon as the e-mail fails; the e-mail's unit comes back and WhatsApp debits its own", async () => {
    const before = await app.t.balance(LOGIN);
    const { cod } = await send(
      {
        modelo: 'personalizada',
        etapas: [{ canal: 'email' }, { canal: 'whatsapp', condicao: { tipo: 'falhou', ...HOURS(6) } }],
      },
      { to: 'ana@cliente.test', nameTo: 'Ana', whatsapp: row.whatsapp },
    );
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    const [, wa] = await steps(cod);
    const deadline = new Date(wa?.eta_prazo as Date);
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date())).toBe('aguardando');
    expect((await jobs(CASCADE_STEP_QUEUE, cod)).length).toBe(1);
    await failChannel(app.t.ctx, cod, 'email' as never, 'Caixa postal inexistente (550 5.1.1).');
    // The failure wakes the step (a job for now) and gives the e-mail's unit back: WhatsApp was never sent, so it cost nothing.
    const woken = await jobs(CASCADE_STEP_QUEUE, cod);
    expect(woken.length).toBe(2);
    expect(woken.some((j) => new Date(j.startAfter).getTime() < deadline.getTime() - 3_600_000)).toBe(true);
    expect(await app.t.balance(LOGIN)).toBe(before);
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date())).toBe('enviada');
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    const [, after] = await steps(cod);
    expect([after?.eta_situacao, after?.eta_creditos]).toEqual(['enviada', 1]);
    expect(after?.eta_motivo).toBe('AR-Email falhou (condição: se o envio falhar em 6 horas): AR-WhatsApp enviado.');
    expect((await jobs('whatsapp-send', cod)).length).toBe(1);
    const msg = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_creditos', 'ema_status_whatsapp', 'ema_alcance_whatsapp'])
      .where('ema_uni_codigo', '=', cod)
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({ ema_uni_creditos: 2, ema_status_whatsapp: 'processed', ema_alcance_whatsapp: REACHED_BITS.processed });
    // WhatsApp failing too gives its own unit back (the ledger's debit of the send covers it).
    await failChannel(app.t.ctx, cod, 'whatsapp', 'Número sem WhatsApp.');
    expect(await app.t.balance(LOGIN)).toBe(before);
    expect((await checkChain(app.t.ctx.db, cod))?.isIntact).toBe(true);
  });

  it('CPC art. 246: the letter waits three business days across a holiday, and goes when receipt was not confirmed', async () => {
    // Thursday 19/11/2026, 10:00 in Brasília: Friday 20/11 is Dia da Consciência Negra, then the weekend.
    const thursday = brasiliaInstant('2026-11-19', 10, 0, 0, 0);
    const expected = brasiliaInstant('2026-11-25', 23, 59, 59, 999);
    expect(cascadeDeadline(thursday, { tipo: 'nao_confirmado', prazo: 3, unidade: 'dias_uteis' })).toEqual(expected);
    const scope = await app.scopeOf(LOGIN);
    const before = await app.t.balance(LOGIN);
    const sent = await sendEmails(app.t.ctx, scope, composeBody.parse(compose({ modelo: 'cpc246' })), { now: thursday });
    const cod = sent.emails[0]?.ema_uni_codigo as number;
    // E-mail and WhatsApp at once (2 units); the letter waits.
    expect(sent.creditos).toBe(2);
    expect(await app.t.balance(LOGIN)).toBe(before - 2);
    const plan = await steps(cod);
    expect(plan.map((s) => [s.eta_canal, s.eta_situacao])).toEqual([
      ['email', 'enviada'],
      ['whatsapp', 'enviada'],
      ['carta', 'aguardando'],
    ]);
    expect(new Date(plan[2]?.eta_prazo as Date)).toEqual(expected);
    expect((await jobs('whatsapp-send', cod)).length).toBe(1);
    expect(await jobs('carta-send', cod)).toEqual([]);

    // A read is no confirmation of receipt; the last minute of Wednesday is still within the time.
    await recordEvent(app.t.ctx.db, { cod_email: cod, canal: 'whatsapp', tipo: 'viewed' }, app.t.ctx.boss);
    expect(await decideCascadeStep(app.t.ctx, cod, 2, brasiliaInstant('2026-11-25', 23, 59, 0, 0))).toBe('aguardando');
    expect(await decideCascadeStep(app.t.ctx, cod, 2, brasiliaInstant('2026-11-26', 0, 0, 1, 0))).toBe('enviada');
    expect(await app.t.balance(LOGIN)).toBe(before - 3);
    expect((await jobs('carta-send', cod)).length).toBe(1);
    const carta = (await steps(cod))[2];
    expect(carta?.eta_motivo).toBe(
      'Nenhuma confirmação de recebimento de AR-Email, AR-WhatsApp até 25/11/2026 23:59 (condição: se o recebimento não for confirmado em 3 dias úteis): AR-Carta enviado.',
    );
    const letterEvent = (await events(cod)).find((e) => e.evt_canal === 'carta');
    expect(letterEvent?.evt_detalhes).toMatchObject({ endereco: { cep: '01310200', cidade: 'São Paulo' }, cascata: { etapa: 3 } });

    // The sent detail shows the plan, the rule and the days left out.
    const detail = (await app.call('GET', `/emails/send/${cod}`, users.ana)).json();
    expect(detail.cascata).toMatchObject({ modelo: 'cpc246', situacao: 'concluida' });
    expect(detail.cascata.regra).toMatch(/CPC art\. 246, §1º-A \(Lei 14\.195\/2021\)/);
    expect(detail.cascata.etapas.map((e: { situacao: string }) => e.situacao)).toEqual(['enviada', 'enviada', 'enviada']);
    expect(detail.cascata.etapas[2].prazoTexto).toBe(
      '3 dias úteis a partir de 19/11/2026 10:00, até 25/11/2026 23:59:59 (horário de Brasília), sem contar o dia do início (CPC art. 224). Não contam: 20/11/2026 (Dia da Consciência Negra), 21/11/2026 (sábado), 22/11/2026 (domingo).',
    );
    expect((await checkChain(app.t.ctx.db, cod))?.isIntact).toBe(true);

    // The expert report states the rule and the dates, and lists every step with its reason.
    const laudo = await app.call('GET', `/emails/report/laudo/${cod}`, users.ana);
    expect(laudo.statusCode).toBe(200);
    const text = (await pdfText(laudo.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('1C. Régua de notificação');
    expect(text).toContain('Citação eletrônica (CPC art. 246)');
    expect(text).toContain('CPC art. 246, §1º-A (Lei 14.195/2021)');
    expect(text).toContain('Etapa 3 — AR-Carta (se o recebimento não for confirmado em 3 dias úteis)');
    expect(text).toContain('Não contam: 20/11/2026 (Dia da Consciência Negra), 21/11/2026 (sábado), 22/11/2026 (domingo).');
    expect(text).toContain('AR-Email enviado com a mensagem.');
    expect(text).toContain('AR-WhatsApp enviado junto com a etapa anterior.');
    expect(text).toContain(': AR-Carta enviado.');
  });

  it('CPC art. 246: a confirmed e-mail keeps the letter from going', async () => {
    const before = await app.t.balance(LOGIN);
    const { cod } = await send({ modelo: 'cpc246' }, { ...row, whatsapp: undefined });
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    expect((await steps(cod)).map((s) => s.eta_canal)).toEqual(['email', 'carta']);
    await recordEvent(app.t.ctx.db, { cod_email: cod, canal: 'email', tipo: 'acknowledged' }, app.t.ctx.boss);
    const [, carta] = await steps(cod);
    expect(await decideCascadeStep(app.t.ctx, cod, 1, new Date(new Date(carta?.eta_prazo as Date).getTime() + 1))).toBe('pulada');
    expect((await steps(cod))[1]?.eta_motivo).toMatch(
      /^AR-Email com o recebimento confirmado em .+: a régua se encerra e AR-Carta não é enviado/,
    );
    expect(await app.t.balance(LOGIN)).toBe(before - 1);
    expect(await jobs('carta-send', cod)).toEqual([]);
    const detail = (await app.call('GET', `/emails/send/${cod}`, users.ana)).json();
    expect(detail.cascata.situacao).toBe('encerrada');
  });
});
