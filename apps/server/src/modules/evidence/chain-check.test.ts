import { type Kysely, sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { insertMessage } from '../../../test/messages.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvent, recordEvents } from '../emails/events.ts';
import { checkChain } from './chain-check.ts';
import { recomputeEventHash } from './chain-fields.ts';

// What the chain check must catch when someone with the database owner's rights switches the
// append-only triggers off (docs/evidence.md, "Checking"). A changed event field is covered by
// evidence.test.ts; these are the message's content, removed events (middle, first, last, all), a
// reordered pair and a replaced last event. The last two kinds need the chain's head (migration
// 0037): without it a truncated chain still recomputed.

const t = useTestApp();

/** A message with a real chain of four events (processed, send, delivered, read), recorded as the product records them. */
async function chainedMessage(db: Kysely<DB>): Promise<number> {
  const { ema_uni_codigo } = await insertMessage(db, { login: 'usuario@demo.local', at: new Date() });
  for (const tipo of ['processed', 'send', 'delivered', 'read'] as const) {
    await recordEvent(db, { cod_email: ema_uni_codigo, canal: 'email', tipo, ip: tipo === 'read' ? '8.8.8.8' : null });
  }
  return ema_uni_codigo;
}

/** Runs `tamper` with the evidence tables' append-only triggers off, as only the database owner can. */
async function asDatabaseOwner(db: Kysely<DB>, tamper: () => Promise<unknown>): Promise<void> {
  await sql`ALTER TABLE email_eventos DISABLE TRIGGER email_eventos_somente_inclusao`.execute(db);
  try {
    await tamper();
  } finally {
    await sql`ALTER TABLE email_eventos ENABLE TRIGGER email_eventos_somente_inclusao`.execute(db);
  }
}

const eventsOf = (db: Kysely<DB>, id: number) =>
  db.selectFrom('email_eventos').selectAll().where('cod_email', '=', id).orderBy('evt_seq').execute();

describe('the chain check detects', () => {
  let id: number;
  beforeEach(async () => {
    id = await chainedMessage(t.ctx.db);
    // The starting point: the untouched chain verifies, so each break below is the tampering's.
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: true, events: 4 });
  });

  it('a changed message content (the first link chains from the message hash)', async () => {
    // The message row has no append-only trigger of its own: only ema_uni_hash is sealed.
    await t.ctx.db.updateTable('emails').set({ ema_uni_content: '<p>Outro texto</p>' }).where('ema_uni_codigo', '=', id).execute();
    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken).toMatchObject({ evt_seq: 1 });
    expect(chain?.firstBroken?.reason).toContain('conteúdo da mensagem');
  });

  it('a changed subject', async () => {
    await t.ctx.db.updateTable('emails').set({ ema_uni_subject: 'Outro assunto' }).where('ema_uni_codigo', '=', id).execute();
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: false, firstBroken: { evt_seq: 1 } });
  });

  it('an event deleted from the middle', async () => {
    const [, send] = await eventsOf(t.ctx.db, id);
    await asDatabaseOwner(t.ctx.db, () => t.ctx.db.deleteFrom('email_eventos').where('evt_codigo', '=', send.evt_codigo).execute());
    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken?.reason).toContain('removido');
  });

  it('the first event deleted', async () => {
    const [first] = await eventsOf(t.ctx.db, id);
    await asDatabaseOwner(t.ctx.db, () => t.ctx.db.deleteFrom('email_eventos').where('evt_codigo', '=', first.evt_codigo).execute());
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: false, firstBroken: { evt_seq: 2 } });
  });

  it('the last event deleted (the read a sender would rather not have proved)', async () => {
    const [, , , read] = await eventsOf(t.ctx.db, id);
    await asDatabaseOwner(t.ctx.db, () => t.ctx.db.deleteFrom('email_eventos').where('evt_codigo', '=', read.evt_codigo).execute());
    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken).toMatchObject({ evt_seq: 4 });
    expect(chain?.firstBroken?.reason).toContain('removido');
  });

  it('every event deleted', async () => {
    await asDatabaseOwner(t.ctx.db, () => t.ctx.db.deleteFrom('email_eventos').where('cod_email', '=', id).execute());
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: false, events: 0, firstBroken: { evt_seq: 1 } });
  });

  it('two events reordered (their positions swapped)', async () => {
    const [, send, delivered] = await eventsOf(t.ctx.db, id);
    // Through a free position: (cod_email, evt_seq) is unique.
    await asDatabaseOwner(t.ctx.db, async () => {
      await t.ctx.db.updateTable('email_eventos').set({ evt_seq: 99 }).where('evt_codigo', '=', send.evt_codigo).execute();
      await t.ctx.db.updateTable('email_eventos').set({ evt_seq: 2 }).where('evt_codigo', '=', delivered.evt_codigo).execute();
      await t.ctx.db.updateTable('email_eventos').set({ evt_seq: 3 }).where('evt_codigo', '=', send.evt_codigo).execute();
    });
    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken).toMatchObject({ evt_codigo: Number(delivered.evt_codigo), evt_seq: 2 });
  });

  it('the last event replaced by one whose hash was recomputed (the chain alone would verify)', async () => {
    const events = await eventsOf(t.ctx.db, id);
    const { evt_codigo, ...read } = events[3];
    const forged = { ...read, evt_ip: '10.0.0.1', evt_detalhes: { origem: 'forjado' } };
    const uuid = (await checkChain(t.ctx.db, id))?.uuid as string;
    await asDatabaseOwner(t.ctx.db, async () => {
      await t.ctx.db.deleteFrom('email_eventos').where('evt_codigo', '=', evt_codigo).execute();
      await t.ctx.db
        .insertInto('email_eventos')
        .values({
          ...forged,
          evt_detalhes: JSON.stringify(forged.evt_detalhes),
          evt_hash: recomputeEventHash(uuid, { evt_codigo, ...forged }, read.evt_hash_anterior),
        })
        .execute();
    });
    const chain = await checkChain(t.ctx.db, id);
    expect(chain?.isIntact).toBe(false);
    expect(chain?.firstBroken).toMatchObject({ evt_seq: 4 });
    expect(chain?.firstBroken?.reason).toContain('substituído');
  });
});

describe("the head of a message's chain (email_cadeias)", () => {
  it('cannot be lowered, removed nor truncated while its triggers are on', async () => {
    const id = await chainedMessage(t.ctx.db);
    const head = t.ctx.db.selectFrom('email_cadeias').select(['cad_seq']).where('cod_email', '=', id);
    expect(await head.executeTakeFirst()).toEqual({ cad_seq: 4 });
    await expect(t.ctx.db.updateTable('email_cadeias').set({ cad_seq: 3 }).where('cod_email', '=', id).execute()).rejects.toThrow(
      /só avança/,
    );
    await expect(t.ctx.db.deleteFrom('email_cadeias').where('cod_email', '=', id).execute()).rejects.toThrow(/somente de inclusão/);
    await expect(sql`TRUNCATE email_cadeias`.execute(t.ctx.db)).rejects.toThrow(/somente de inclusão/);
    expect(await head.executeTakeFirst()).toEqual({ cad_seq: 4 });
  });

  it('has no row for a chain of one event (a send writes none), whose only event deleted is still detected', async () => {
    const { ema_uni_codigo: id } = await insertMessage(t.ctx.db, { login: 'usuario@demo.local', at: new Date() });
    await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'processed' });
    expect(await t.ctx.db.selectFrom('email_cadeias').select('cad_seq').where('cod_email', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: true, events: 1 });
    // The message hash, fixed with the first event, stands for the head.
    await asDatabaseOwner(t.ctx.db, () => t.ctx.db.deleteFrom('email_eventos').where('cod_email', '=', id).execute());
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: false, firstBroken: { evt_codigo: null, evt_seq: 1 } });
  });

  it("is written for every message of one statement (the send worker's batch), at each one's last event", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { ema_uni_codigo } = await insertMessage(t.ctx.db, { login: 'usuario@demo.local', at: new Date() });
      ids.push(ema_uni_codigo);
    }
    const batch = (tipo: 'processed' | 'send' | 'delivered', of: number[]) =>
      inTransaction(t.ctx.db, (trx) =>
        recordEvents(
          trx,
          of.map((cod_email) => ({ cod_email, canal: 'email' as const, tipo })),
        ),
      );
    await batch('processed', ids);
    await batch('send', ids);
    // One message a step further: its head moves, the others' stay.
    await batch('delivered', ids.slice(0, 1));
    const heads = await t.ctx.db
      .selectFrom('email_cadeias')
      .select(['cod_email', 'cad_seq'])
      .where('cod_email', 'in', ids)
      .orderBy('cod_email')
      .execute();
    expect(heads.map((h) => [Number(h.cod_email), h.cad_seq])).toEqual(ids.map((id, i) => [id, i === 0 ? 3 : 2]));
    for (const id of ids) expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: true });
  });

  it('removed with its guard switched off: the chain is reported broken, not intact', async () => {
    const id = await chainedMessage(t.ctx.db);
    await sql`ALTER TABLE email_cadeias DISABLE TRIGGER email_cadeias_somente_inclusao`.execute(t.ctx.db);
    try {
      await t.ctx.db.deleteFrom('email_cadeias').where('cod_email', '=', id).execute();
    } finally {
      await sql`ALTER TABLE email_cadeias ENABLE TRIGGER email_cadeias_somente_inclusao`.execute(t.ctx.db);
    }
    expect(await checkChain(t.ctx.db, id)).toMatchObject({ isIntact: false });
  });
});
