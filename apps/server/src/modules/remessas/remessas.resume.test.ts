import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { csvOf, HEADER, uploadBody } from '../../../test/remessa-files.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { PHONE_SEND_QUEUES } from '../channels/channel-send.worker.ts';
import { EMAIL_SEND_QUEUE, startEmailWorkers } from '../emails/send.worker.ts';
import { LineBuilder } from './line-builder.ts';
import { lineMessage } from './remessa-line-message.ts';
import { processRemessa } from './remessa-processing.service.ts';
import { FileColumns } from './remessa-rows.ts';

// A file's run stopped between two slices, as a crash would stop it, then run again: every line
// becomes exactly one message, and the relay receives each once (docs/remessas.md, "Resuming").
// No workers: the test runs the remessa job itself.
const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

class Crash extends Error {}

/**
 * The line builder thread of PGlite's worker, counting the lines it answered built and, given a
 * mark, appending it to each built message's content: a stored message with the mark is one the
 * worker took from the thread.
 */
class CountingBuilder extends LineBuilder {
  built = 0;
  mark = '';
  override build(...args: Parameters<LineBuilder['build']>) {
    return (
      super.build(...args)?.then((messages) => {
        this.built += messages.size;
        for (const m of messages.values()) m.content += this.mark;
        return messages;
      }) ?? null
    );
  }
}

/** The remessa's uuid (its messages' ema_uni_envio), status and count of messages queued. */
const remessaOf = (id: number) =>
  app.t.ctx.db
    .selectFrom('remessas')
    .select(['rem_uuid', 'rem_status_processamento', 'rem_enfileiradas'])
    .where('rem_codigo', '=', id)
    .executeTakeFirstOrThrow();

async function readyBuilder(mark = ''): Promise<CountingBuilder> {
  const builder = new CountingBuilder((error) => {
    throw error;
  });
  builder.mark = mark;
  expect(await builder.start()).toBe(true);
  return builder;
}

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
    const rem = await remessaOf(id);
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
    const rem = await remessaOf(id);
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

  it.each([
    ['the read-ahead (PostgreSQL)', false],
    ['the line builder thread (PGlite)', true],
  ])(
    'takes a message built ahead by %s only while its template is unchanged: a template edited between slices reaches the later lines',
    async (_, thread) => {
      const admin = await app.as('admin@demo.local');
      const name = `Editado no meio ${thread ? 'thread' : 'leitura'}`;
      const tpl = await app.call('POST', '/modelos', admin, {
        mod_name: name,
        mod_subject: 'Aviso',
        mod_content: '<p>Texto antigo para *|NOME|*</p>',
      });
      const mod_codigo = tpl.json().modelo.mod_codigo as number;
      const rows = Array.from({ length: 6 }, (_, i) => [`E-${i}`, 'Aviso', `Pessoa ${i}`, `editado${i}@cliente.test`, '', '', name, '']);
      const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), `${name}.csv`));
      const id = res.json().rem_codigo as number;
      const db = app.t.ctx.db;
      // Slices of 3: the second slice's messages are built while the first one is stored (the
      // thread: all of them at validation), with the old text; the template changes once the first
      // slice has committed.
      const builder = thread ? await readyBuilder('<!-- thread -->') : undefined;
      let edited = false;
      await processRemessa(app.t.ctx, id, {
        slice: 3,
        builder,
        readAhead: !thread,
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
      // The thread's messages (marked) are taken for the first slice; the later lines, built by it
      // with the old text, are built again by the worker with the new one.
      const taken = (i: number) => (thread && i < 3 ? '<!-- thread -->' : '');
      expect(messages.map((m) => [m.ema_uni_identificacao, m.ema_uni_content])).toEqual(
        rows.map((r, i) => [r[0], `<p>Texto ${i < 3 ? 'antigo' : 'novo'} para Pessoa ${i}</p>${taken(i)}`]),
      );
      if (builder) {
        expect(builder.built).toBe(6);
        await builder.close();
      }
    },
  );

  it('stores the messages the line builder thread made, string for string those the worker makes itself', async () => {
    const admin = await app.as('admin@demo.local');
    const template = {
      mod_name: 'Feito na thread',
      mod_subject: 'Aviso',
      mod_content:
        '<p>Olá <b>*|NOME|*</b>, contrato *|ID|* <a href="https://exemplo.test/c" onclick="x()">aqui</a></p><script>alert(1)</script><img src="x" onerror="y()">',
    };
    const tpl = await app.call('POST', '/modelos', admin, template);
    expect(tpl.statusCode).toBe(201);
    const rows = Array.from({ length: 7 }, (_, i) => [
      `T-${i}`,
      i % 2 ? 'Cobrança *|ID|* — João & Cia' : '',
      `Pessoa <i>${i}</i> "Ação" <script>z()</script>`,
      `thread${i}@cliente.test`,
      '',
      '',
      'Feito na thread',
      '',
    ]);
    const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), 'thread.csv'));
    const id = res.json().rem_codigo as number;
    // Marked, so that every stored message is shown to be the thread's.
    const builder = await readyBuilder('<!-- thread -->');
    await processRemessa(app.t.ctx, id, { slice: 3, builder, readAhead: false });
    expect(builder.built).toBe(7);
    await builder.close();
    const db = app.t.ctx.db;
    const rem = await db.selectFrom('remessas').select('rem_uuid').where('rem_codigo', '=', id).executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom('emails')
      .select(['ema_uni_to', 'ema_uni_name_to', 'ema_uni_subject', 'ema_uni_content', 'ema_uni_identificacao', 'cod_ger_modelo'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .orderBy('ema_uni_codigo')
      .execute();
    const mod = { ...template, mod_codigo: tpl.json().modelo.mod_codigo as number, mod_enable: true };
    const cols = new FileColumns(HEADER);
    expect(stored).toEqual(
      rows.map((cells) => {
        const m = lineMessage(cells, cols, mod, [], app.t.ctx.config.publicUrl);
        return {
          ema_uni_to: m.to,
          ema_uni_name_to: m.nameTo,
          ema_uni_subject: m.subject,
          ema_uni_content: `${m.content}<!-- thread -->`,
          ema_uni_identificacao: m.identificacao,
          cod_ger_modelo: mod.mod_codigo,
        };
      }),
    );
    // The sanitiser ran on them (the cells' markup escaped, the template's script and handlers gone).
    expect(stored[0]?.ema_uni_content).not.toMatch(/<script|onclick|onerror/);
  });

  it('builds the lines itself once the line builder thread has stopped halfway', async () => {
    const admin = await app.as('admin@demo.local');
    const rows = Array.from({ length: 6 }, (_, i) => [`P-${i}`, 'Aviso', `Pessoa ${i}`, `parada${i}@cliente.test`, '', '', 'Retomada', '']);
    const res = await app.call('POST', '/remessas/upload', admin, uploadBody(csvOf(rows), 'parada.csv'));
    const id = res.json().rem_codigo as number;
    const builder = await readyBuilder();
    await processRemessa(app.t.ctx, id, {
      slice: 2,
      builder,
      readAhead: false,
      afterSlice: () => builder.close(),
    });
    const db = app.t.ctx.db;
    const rem = await remessaOf(id);
    expect(rem).toMatchObject({ rem_status_processamento: 'PROCESSADO_COM_SUCESSO', rem_enfileiradas: 6 });
    const messages = await db
      .selectFrom('emails')
      .select(['ema_uni_identificacao', 'ema_uni_content'])
      .where('ema_uni_envio', '=', rem.rem_uuid)
      .orderBy('ema_uni_codigo')
      .execute();
    expect(messages.map((m) => [m.ema_uni_identificacao, m.ema_uni_content])).toEqual(rows.map((r, i) => [r[0], `<p>Olá Pessoa ${i}</p>`]));
  });
});
