import type { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { checkChain } from '../evidence/chain-check.ts';
import { EVIDENCE_STAMP_QUEUE, sweepUnstamped } from '../evidence/stamp.worker.ts';
import { EMAIL_SEND_QUEUE } from './send.worker.ts';

// The send stores its messages, links, tags and 'processed' events in one statement, with the
// events chained beforehand (send.service.ts, storeSend); what it stores must be exactly what the
// step-by-step chaining (recordEvents on the stored rows) gives.
let token: string;

// Queue running, no workers: the jobs stay where the send left them.
const app = useTestApp({}, { startQueue: true, startWorkers: false });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
});

/** A send of two messages, each with two tracked links. */
const sendTwo = (subject: string) =>
  app.t.send(token, {
    destinataires: [
      { to: 'carla@cliente.test', nameTo: 'Carla' },
      { to: 'davi@cliente.test', nameTo: 'Davi' },
    ],
    nameFrom: 'Cobranca Demo',
    subject,
    content: '<p>Veja <a href="https://www.exemplo.test/a">a</a> e <a href="https://www.exemplo.test/b">b</a>.</p>',
  });

async function sendAndCheck(subject: string) {
  const res = await sendTwo(subject);
  expect(res.statusCode).toBe(200);
  const emails: { ema_uni_codigo: number; ema_uni_id: string }[] = res.json().emails;
  expect(emails).toHaveLength(2);
  for (const e of emails) {
    const report = await checkChain(app.t.ctx.db, e.ema_uni_codigo);
    expect(report).toMatchObject({ isIntact: true, events: 1, firstBroken: null });
    expect(report?.storedMessageHash).toBe(report?.messageHash);
    const msg = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_status_email', 'ema_uni_id'])
      .where('ema_uni_codigo', '=', e.ema_uni_codigo)
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({ ema_status_email: 'processed', ema_uni_id: e.ema_uni_id });
    const [event] = await app.t.ctx.db.selectFrom('email_eventos').selectAll().where('cod_email', '=', e.ema_uni_codigo).execute();
    expect(event).toMatchObject({ evt_seq: 1, evt_canal: 'email', evt_tipo: 'processed' });
    const links = await app.t.ctx.db.selectFrom('email_links').select('lnk_url').where('cod_email', '=', e.ema_uni_codigo).execute();
    expect(links.map((l) => l.lnk_url).sort()).toEqual(['https://www.exemplo.test/a', 'https://www.exemplo.test/b']);
    // Its send job and the stamp job of its event are queued, and only once.
    const sendJobs = await app.t.ctx.boss?.findJobs(EMAIL_SEND_QUEUE, { data: { cod_email: e.ema_uni_codigo } });
    expect(sendJobs).toHaveLength(1);
    const stampJobs = await app.t.ctx.boss?.findJobs(EVIDENCE_STAMP_QUEUE, { data: { evt_codigos: [Number(event?.evt_codigo)] } });
    expect(stampJobs).toHaveLength(1);
  }
  // One stamp job holds the 'processed' events of the whole send.
  const events = await app.t.ctx.db
    .selectFrom('email_eventos')
    .select('evt_codigo')
    .where(
      'cod_email',
      'in',
      emails.map((e) => e.ema_uni_codigo),
    )
    .execute();
  const together = await app.t.ctx.boss?.findJobs(EVIDENCE_STAMP_QUEUE, { data: { evt_codigos: events.map((e) => Number(e.evt_codigo)) } });
  expect(together).toHaveLength(1);
  return emails;
}

describe('POST /v2/emails/send, what it stores', () => {
  it('chains each message and its processed event as recordEvents would', async () => {
    await sendAndCheck('Notificação extrajudicial');
  });

  it('a subject PostgreSQL stores differently from the string sent (a lone surrogate) is chained on the stored value', async () => {
    const emails = await sendAndCheck('Aviso \uD800 incompleto');
    const msg = await app.t.ctx.db
      .selectFrom('emails')
      .select('ema_uni_subject')
      .where('ema_uni_codigo', '=', emails[0]?.ema_uni_codigo as number)
      .executeTakeFirstOrThrow();
    expect(msg.ema_uni_subject).toBe('Aviso \uFFFD incompleto');
  });
});

// The send and stamp jobs are pg-boss's own inserts, run inside the store statement (queue/job-insert.queries.ts).
describe('POST /v2/emails/send, its jobs', () => {
  const count = async (subject: string) =>
    Number(
      (
        await app.t.ctx.db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('ema_uni_subject', '=', subject)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a stamp queue that cannot write its insert costs nothing: the send goes, its events unstamped, and the sweep queues them', async () => {
    const boss = app.t.ctx.boss as PgBoss;
    const insert = boss.insert.bind(boss);
    const spy = vi
      .spyOn(boss, 'insert')
      .mockImplementation((name, jobs, options) =>
        name === EVIDENCE_STAMP_QUEUE ? Promise.reject(new Error('fila de carimbos fora do ar')) : insert(name, jobs, options),
      );
    const logged = vi.spyOn(app.t.ctx.log, 'error');
    try {
      const res = await sendTwo('Sem fila de carimbos');
      expect(res.statusCode).toBe(200);
      // Said in the log, not only left to the sweep: on the queue's error channel, as every stamp
      // queue failure (reportUnqueuedStamps), with the cause.
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({
          err: expect.objectContaining({
            message: expect.stringContaining('carimbos de 2 evento(s) não enfileirados'),
            cause: expect.objectContaining({ message: 'fila de carimbos fora do ar' }),
          }),
        }),
        expect.any(String),
      );
      const codes = (res.json().emails as { ema_uni_codigo: number }[]).map((e) => e.ema_uni_codigo);
      expect(codes).toHaveLength(2);
      const events = await app.t.ctx.db.selectFrom('email_eventos').select('evt_codigo').where('cod_email', 'in', codes).execute();
      expect(events).toHaveLength(2);
      const stampJobsOf = (e: { evt_codigo: string | number }) =>
        Promise.all([
          boss.findJobs(EVIDENCE_STAMP_QUEUE, { data: { evt_codigos: [Number(e.evt_codigo)] } }),
          boss.findJobs(EVIDENCE_STAMP_QUEUE, { data: { evt_codigo: Number(e.evt_codigo) } }),
        ]).then(([batch, one]) => batch.length + one.length);
      for (const e of events) expect(await stampJobsOf(e)).toBe(0);
      for (const cod_email of codes) expect(await boss.findJobs(EMAIL_SEND_QUEUE, { data: { cod_email } })).toHaveLength(1);
      await sweepUnstamped(app.t.ctx, new Date(Date.now() + 1000));
      for (const e of events) expect(await stampJobsOf(e)).toBe(1);
    } finally {
      spy.mockRestore();
      logged.mockRestore();
    }
  });

  it('fewer send jobs stored than messages refuse the whole send: nothing stored, nothing charged', async () => {
    const boss = app.t.ctx.boss as PgBoss;
    const insert = boss.insert.bind(boss);
    // pg-boss skips a job whose singleton key is taken (ON CONFLICT DO NOTHING); here the second job goes missing.
    const spy = vi
      .spyOn(boss, 'insert')
      .mockImplementation((name, jobs, options) => insert(name, name === EMAIL_SEND_QUEUE ? jobs.slice(0, 1) : jobs, options));
    const ledger = async () =>
      Number(
        (
          await app.t.ctx.db
            .selectFrom('plano_movimentos')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await ledger();
    try {
      const res = await sendTwo('Um job recusado');
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await count('Um job recusado')).toBe(0);
    expect(await ledger()).toBe(before);
    // The same send, with its jobs, goes.
    expect((await sendTwo('Um job recusado')).statusCode).toBe(200);
    expect(await count('Um job recusado')).toBe(2);
  });
});
