import type { AppContext } from '../../context.ts';
import { Slots } from '../../queue/slots.ts';
import { journalAcceptances } from './emails.queries.ts';
import type { NewEvent } from './events.ts';

/**
 * Messages of this process between their hand-over to the relay and the commit of their
 * acceptance in the journal (AcceptanceJournal). A slot is taken just before the relay gets the
 * message and given back once its acceptance is committed, so a crash (`kill -9`) leaves at most
 * this many messages accepted without a record, and those are the only ones a retry sends again
 * (docs/send-pipeline.md, "Crash window"). Two per pooled SMTP connection (mail.service.ts): one at the
 * relay while the other's acceptance is committed. With one per connection each connection sat
 * idle during every commit (bench/send-pipeline, 1,000 messages, PostgreSQL, 2026-11-25, each
 * 'send' event committed per message: 0.22-0.25x of bare nodemailer with 5 slots, 0.25-0.46x with
 * 10, 0.39x before the change, on a machine at load 15-33).
 */
export const SEND_SLOTS = 10;

/**
 * Messages composed and waiting for a send slot (send.worker.ts composes before taking one): enough
 * to keep every slot fed while the composer's thread works ahead, few enough that a batch of
 * messages with large attachments is not held composed all at once.
 */
export const COMPOSED_AHEAD = 10;

/**
 * The acceptance journal (table email_aceites): each relay acceptance is written, in one
 * statement committed at once, as soon as its reply arrives; the replies of one event-loop turn go
 * in one insert, and what arrives while an insert runs goes in the next. The chained 'send' events
 * are recorded per batch afterwards (one transaction, as before), which deletes the rows. A row
 * without its event (a crash in between) makes the retry record the event instead of sending.
 * Should an insert fail, its messages go on without the journal (their events are still recorded
 * with the batch; only the crash protection is lost for them).
 */
class AcceptanceJournal {
  private pending: { event: NewEvent; done: () => void }[] = [];
  private running = false;
  constructor(private readonly ctx: AppContext) {}
  write(event: NewEvent): Promise<void> {
    return new Promise((done) => {
      this.pending.push({ event, done });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.flush());
      }
    });
  }
  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const group = this.pending;
        this.pending = [];
        const rows = [...new Map(group.map((g) => [g.event.cod_email, g.event])).values()].map((e) => ({
          cod_email: e.cod_email,
          ace_detalhes: JSON.stringify(e.detalhes ?? {}) as never,
        }));
        try {
          await journalAcceptances(this.ctx.db, rows);
        } catch (error) {
          this.ctx.log.warn({ err: error }, 'acceptance journal not written');
        }
        for (const g of group) g.done();
      }
    } finally {
      this.running = false;
    }
  }
}

/** The send slots, the composed-ahead bound and the journal of this process's queue (one per app, or per queue, in tests). */
const senders = new WeakMap<object, { slots: Slots; ahead: Slots; journal: AcceptanceJournal }>();
export function senderOf(ctx: AppContext) {
  const key = ctx.boss ?? ctx.db;
  let sender = senders.get(key);
  if (!sender) {
    sender = { slots: new Slots(SEND_SLOTS), ahead: new Slots(COMPOSED_AHEAD), journal: new AcceptanceJournal(ctx) };
    senders.set(key, sender);
  }
  return sender;
}
