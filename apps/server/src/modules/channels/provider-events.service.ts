import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvent } from '../emails/events.ts';
import { simulatedMark } from '../evidence/simulated.ts';
import type { ChannelProvider, PhoneChannel, ProviderEvent } from './channel.ts';
import { claimProviderIdByUuid, findByProviderId, markProviderEvent, providerEventKnown } from './channels.queries.ts';
import { recordChannelFailure } from './channels.service.ts';
import { isReplyNoticeId, unassignedReplyKnown } from './unassigned-replies.queries.ts';
import { fileUnassignedReply, resolveReplyTarget } from './unassigned-replies.service.ts';

/**
 * A verified provider callback's events become events of the message's hash chain (docs/channels.md).
 */

/** What became of each event given to applyProviderEvents. */
export interface AppliedEvents {
  recorded: number;
  /** Delivered before (same provider key): recorded once already. */
  repeated: number;
  /** Naming no message this installation sent. */
  unknown: number;
  /**
   * Of those, statuses that happened in the last EARLY_EVENT_MS: most likely of a message whose
   * acceptance is still being recorded (a provider may call back before its own answer to the
   * send arrives). The route answers 503 so the provider delivers them again; what was recorded
   * is not recorded twice.
   */
  early: number;
  /**
   * Replies without a reference that matched open messages of more than one tenant: filed to none,
   * kept unassigned (docs/unassigned-replies.md, "Respostas sem referência").
   */
  unassigned: number;
}

/** How recent an unknown status must be to be taken for one that came before its message's acceptance. */
export const EARLY_EVENT_MS = 10 * 60_000;

/**
 * A verified callback's events, each recorded once (provedor_eventos, in the transaction of its
 * chain append), in the order the provider says they happened. A status becomes that status of the
 * channel (recordEvent moves the current status only forward, so a late 'sent' after 'delivered'
 * is kept as evidence without hiding the delivery); 'erro' also gives the channel's credit back,
 * once; a reply becomes 'answered' (a text) or 'acknowledged' (the button) with its text — on the
 * message it names, else by the rule of replies without a reference (resolveReplyTarget: never a
 * guess across tenants). Each event keeps the provider's payload (hashed in the chain).
 */
export async function applyProviderEvents(
  ctx: AppContext,
  provider: ChannelProvider,
  events: ProviderEvent[],
  opts: { messageUuid?: string } = {},
): Promise<AppliedEvents> {
  const outcome: AppliedEvents = { recorded: 0, repeated: 0, unknown: 0, early: 0, unassigned: 0 };
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of ordered) {
    if (
      (await providerEventKnown(ctx.db, provider.name, e.eventKey)) ||
      (e.kind === 'reply' && (await unassignedReplyKnown(ctx.db, provider.name, e.eventKey)))
    ) {
      outcome.repeated++;
      continue;
    }
    let found: { cod_email: number; canal: PhoneChannel } | undefined;
    /** A reply's reference (context.id) that named no message of ours: kept in the details under its own key. */
    let reference: string | undefined;
    if (e.kind === 'status') {
      found =
        (await findByProviderId(ctx.db, provider.name, e.providerId)) ??
        // A callback that names its message (Twilio's address has its uuid) may come first.
        (opts.messageUuid
          ? await claimProviderIdByUuid(ctx.db, {
              uuid: opts.messageUuid,
              canal: provider.channel,
              provedor: provider.name,
              id_provedor: e.providerId,
            })
          : undefined);
      // The statuses of our notice to a recipient (no message of any tenant): nothing to record.
      if (!found && (await isReplyNoticeId(ctx.db, provider.name, e.providerId))) {
        outcome.unknown++;
        continue;
      }
    } else {
      const resolved = await resolveReplyTarget(ctx, provider, e);
      if (resolved.kind === 'unassigned') {
        if (await fileUnassignedReply(ctx, provider, e, resolved.candidates)) outcome.unassigned++;
        else outcome.repeated++;
        continue;
      }
      found = resolved.kind === 'message' ? resolved.target : undefined;
      if (resolved.kind === 'message' && !resolved.named) reference = e.providerId;
    }
    const target = found;
    if (!target) {
      ctx.log.warn({ provider: provider.name, eventKey: e.eventKey }, 'evento de provedor sem mensagem correspondente');
      outcome.unknown++;
      if (e.kind === 'status' && Date.now() - e.at.getTime() < EARLY_EVENT_MS) outcome.early++;
      continue;
    }
    const recorded = await inTransaction(ctx.db, async (trx) => {
      if (!(await markProviderEvent(trx, provider.name, e.eventKey, target.cod_email))) return false;
      const base = {
        provedor: provider.name,
        ...simulatedMark(ctx.config, target.canal),
        chave: e.eventKey,
        ocorridoEm: e.at.toISOString(),
        payload: e.raw,
      };
      if (e.kind === 'reply') {
        await recordEvent(
          trx,
          {
            cod_email: target.cod_email,
            canal: target.canal,
            tipo: e.button ? 'acknowledged' : 'answered',
            detalhes: {
              ...base,
              de: e.from,
              texto: e.text,
              ...(reference ? { referencia: reference } : e.providerId ? { idProvedor: e.providerId } : {}),
            },
          },
          ctx.boss,
        );
      } else if (e.status === 'erro') {
        await recordChannelFailure(trx, ctx, target.cod_email, target.canal, {
          ...base,
          idProvedor: e.providerId,
          reasonFailure: e.reason ?? 'Falha informada pelo provedor.',
        });
      } else {
        await recordEvent(
          trx,
          { cod_email: target.cod_email, canal: target.canal, tipo: e.status, detalhes: { ...base, idProvedor: e.providerId } },
          ctx.boss,
        );
      }
      return true;
    });
    if (recorded) outcome.recorded++;
    else outcome.repeated++;
  }
  return outcome;
}
