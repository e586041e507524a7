import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { csvOf, uploadBody } from '../../../test/remessa-files.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { PHONE_SEND_QUEUES } from '../channels/channel-send.worker.ts';
import { EMAIL_SEND_QUEUE, startEmailWorkers } from '../emails/send.worker.ts';
import { processRemessa } from './remessa-processing.service.ts';

// A file's run stopped between two slices, as a crash would stop it, then run again: every line
// becomes exactly one message, and the relay receives each once (docs/remessas.md, "Resuming").
// No workers: the test runs the remessa job itself.
const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

class Crash extends Error {}

describe('remessas: crash and resume', () => {
  it('resumes after the last committed slice and sends no line twice', async () => {
    const admin = await app.as('admin@demo.local');
    const tpl = await app.call('POST', '/modelos', admin, {
      mod_name: 'Retomada',
      mod_subject: 'Aviso',
      mod_content: '<p>Olá *|NOME|*</p>',
    });
    const rows = Array.from({ length: 7 }, (_, i) => [
      `R-${i}`,
      'Aviso *|ID|*',
      `Pessoa ${i}`,
      `retoma${i}@cliente.test`,
      '',
      '',
      'Retomada',
      '',
    ]);
    const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), 'retomada.csv'));
    const id = res.json().rem_codigo as number;
    const before = await app.t.balance('admin@demo.local');
    expect(tpl.statusCode).toBe(201);

    // First run: slices of 3, stopped after the first one committed.
    let slices = 0;
    await expect(
      processRemessa(app.t.ctx, id, {
        slice: 3,
        afterSlice: () => {
          slices++;
          throw new Crash('killed');
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    expect(slices).toBe(1);
    const db = app.t.ctx.db;
    const lines = () =>
      db
        .selectFrom('remessa_linhas')
        .select(['lin_numero', 'cod_email', 'lin_status'])
        .where('rem_codigo', '=', id)
        .orderBy('lin_numero')
        .execute();
    expect((await lines()).filter((l) => l.cod_email !== null)).toHaveLength(3);
    expect(
      (await db.selectFrom('remessas').select('rem_status_processamento').where('rem_codigo', '=', id).executeTakeFirstOrThrow())
        .rem_status_processamento,
    ).toBe('EM_PROCESSAMENTO');

    // The retry: from the first line without a message.
    await processRemessa(app.t.ctx, id, { slice: 3 });
    const done = await lines();
    expect(done.every((l) => l.lin_status === 'enviada' && l.cod_email !== null)).toBe(true);
    expect(new Set(done.map((l) => l.cod_email)).size).toBe(7);
    const rem = await db
      .selectFrom('remessas')
      .select(['rem_uuid', 'rem_status_processamento', 'rem_enfileiradas'])
      .where('rem_codigo', '=', id)
      .executeTakeFirstOrThrow();
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_SUCESSO', rem_enfileiradas: 7 });
    const messages = await db
      .selectFrom('emails')
      .select(['ema_uni_to', 'ema_uni_identificacao'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .execute();
    expect(messages).toHaveLength(7);
    expect(await app.t.balance('admin@demo.local')).toBe(before - 7);
    // A third run (a duplicate job) changes nothing.
    await processRemessa(app.t.ctx, id);
    expect(await db.selectFrom('emails').select('ema_uni_codigo').where('ema_uni_envio', '=', rem.rem_uuid).execute()).toHaveLength(7);

    // And the relay receives each line once.
    await startEmailWorkers(app.t.ctx);
    const got = await waitFor(
      () => sink.messages.filter((m) => m.rcptTo.some((r) => r.startsWith('retoma'))),
      (m) => m.length >= 7,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(got.length).toBe(7);
    expect(new Set(got.flatMap((m) => m.rcptTo)).size).toBe(7);
    expect(got.map((m) => m.parsed.subject).sort()).toEqual(rows.map((r) => `Aviso ${r[0]}`).sort());
  });

  it('resumes a file with SMS and WhatsApp lines: one message and one job per channel for each line, the credits once', async () => {
    const admin = await app.as('admin@demo.local');
    const rows = Array.from({ length: 5 }, (_, i) => [
      `F-${i}`,
      'Aviso por telefone',
      `Pessoa ${i}`,
      i % 2 === 0 ? `fone${i}@cliente.test` : '',
      `(11) 98765-432${i}`,
      i % 2 === 0 ? 'N' : 'S',
      'Retomada',
      i % 2 === 0 ? `(21) 98765-432${i}` : '',
    ]);
    const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), 'retomada telefones.csv'));
    const id = res.json().rem_codigo as number;
    const before = await app.t.balance('admin@demo.local');
    // Slices of 2, stopped after the first one committed, then run again.
    await expect(
      processRemessa(app.t.ctx, id, {
        slice: 2,
        afterSlice: () => {
          throw new Crash('killed');
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    await processRemessa(app.t.ctx, id, { slice: 2 });
    const db = app.t.ctx.db;
    const rem = await db
      .selectFrom('remessas')
      .select(['rem_uuid', 'rem_status_processamento', 'rem_enfileiradas'])
      .where('rem_codigo', '=', id)
      .executeTakeFirstOrThrow();
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_SUCESSO', rem_enfileiradas: 5 });
    const messages = await db
      .selectFrom('emails')
      .select(['ema_uni_codigo', 'ema_uni_to', 'ema_uni_sms', 'ema_uni_whatsapp', 'ema_uni_creditos'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .orderBy('ema_uni_codigo')
      .execute();
    // Lines 0, 2, 4: e-mail and WhatsApp (2 credits); lines 1, 3: SMS alone (1 credit).
    expect(messages.map((m) => [!!m.ema_uni_to, !!m.ema_uni_sms, !!m.ema_uni_whatsapp, m.ema_uni_creditos])).toEqual([
      [true, false, true, 2],
      [false, true, false, 1],
      [true, false, true, 2],
      [false, true, false, 1],
      [true, false, true, 2],
    ]);
    expect(await app.t.balance('admin@demo.local')).toBe(before - 8);
    const jobs = async (queue: string) =>
      (await sql<{ cod: number }>`SELECT (data->>'cod_email')::int AS cod FROM pgboss.job WHERE name = ${queue}`.execute(db)).rows.map(
        (r) => Number(r.cod),
      );
    const codes = (has: (m: (typeof messages)[number]) => unknown) =>
      messages
        .filter(has)
        .map((m) => m.ema_uni_codigo)
        .sort();
    const mine = (list: number[]) => list.filter((c) => messages.some((m) => m.ema_uni_codigo === c)).sort();
    expect(mine(await jobs(EMAIL_SEND_QUEUE))).toEqual(codes((m) => m.ema_uni_to));
    expect(mine(await jobs(PHONE_SEND_QUEUES.sms))).toEqual(codes((m) => m.ema_uni_sms));
    expect(mine(await jobs(PHONE_SEND_QUEUES.whatsapp))).toEqual(codes((m) => m.ema_uni_whatsapp));
  });

  it('takes a message built ahead only while its template is unchanged: a template edited between slices reaches the later lines', async () => {
    const admin = await app.as('admin@demo.local');
    const tpl = await app.call('POST', '/modelos', admin, {
      mod_name: 'Editado no meio',
      mod_subject: 'Aviso',
      mod_content: '<p>Texto antigo para *|NOME|*</p>',
    });
    const mod_codigo = tpl.json().modelo.mod_codigo as number;
    const rows = Array.from({ length: 6 }, (_, i) => [
      `E-${i}`,
      'Aviso',
      `Pessoa ${i}`,
      `editado${i}@cliente.test`,
      '',
      '',
      'Editado no meio',
      '',
    ]);
    const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), 'editado.csv'));
    const id = res.json().rem_codigo as number;
    const db = app.t.ctx.db;
    // Slices of 3: the second slice's messages are built while the first one is stored, with the
    // old text; the template changes once the first slice has committed.
    let edited = false;
    await processRemessa(app.t.ctx, id, {
      slice: 3,
      afterSlice: async () => {
        if (edited) return;
        edited = true;
        await new Promise((r) => setTimeout(r, 300));
        await db
          .updateTable('modelos')
          .set({ mod_content: '<p>Texto novo para *|NOME|*</p>' })
          .where('mod_codigo', '=', mod_codigo)
          .execute();
      },
    });
    const rem = await db.selectFrom('remessas').select('rem_uuid').where('rem_codigo', '=', id).executeTakeFirstOrThrow();
    const messages = await db
      .selectFrom('emails')
      .select(['ema_uni_identificacao', 'ema_uni_content'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .orderBy('ema_uni_codigo')
      .execute();
    expect(messages.map((m) => [m.ema_uni_identificacao, m.ema_uni_content])).toEqual(
      rows.map((r, i) => [r[0], `<p>Texto ${i < 3 ? 'antigo' : 'novo'} para Pessoa ${i}</p>`]),
    );
  });
});
