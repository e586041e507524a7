import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type NewEvent, recordEvent, recordEvents } from '../emails/events.ts';
import { simulatedMark } from '../evidence/simulated.ts';
import type { ChannelProvider, OutgoingPhoneMessage, ProviderAcceptance } from './channel.ts';
import { completeClaimedProviderMessage, insertProviderMessage, insertProviderMessages } from './channels.queries.ts';

/** The acceptance as evidence: 'processed' of the channel with the provider's answer as given, no status change. */
function acceptanceEvent(ctx: AppContext, provider: ChannelProvider, msg: OutgoingPhoneMessage, accepted: ProviderAcceptance): NewEvent {
  return {
    cod_email: msg.cod_email,
    canal: msg.channel,
    tipo: 'processed',
    affectsStatus: false,
    detalhes: {
      etapa: 'aceite do provedor',
      provedor: provider.name,
      ...simulatedMark(ctx.config, msg.channel),
      idProvedor: accepted.providerId,
      numero: msg.to,
      payload: accepted.raw,
    },
  };
}

/**
 * The provider took the message: its id is stored (so callbacks find the message, and a retried
 * job does not send again) and the acceptance is chained as evidence — the provider's answer as
 * given, under 'processed' of the channel without changing its status (docs/channels.md, why not
 * 'send'). Answers false when the channel had an acceptance already.
 */
export async function recordAcceptance(
  ctx: AppContext,
  provider: ChannelProvider,
  msg: OutgoingPhoneMessage,
  accepted: ProviderAcceptance,
): Promise<boolean> {
  return inTransaction(ctx.db, async (trx) => {
    const row = { cod_email: msg.cod_email, canal: msg.channel, provedor: provider.name, id_provedor: accepted.providerId };
    // Stored now, or learnt already from a status callback that came first (claimProviderIdByUuid).
    const stored =
      (await insertProviderMessage(trx, { ...row, numero: msg.to, resposta: accepted.raw })) ||
      (await completeClaimedProviderMessage(trx, { ...row, resposta: accepted.raw }));
    if (!stored) return false;
    await recordEvent(trx, acceptanceEvent(ctx, provider, msg, accepted), ctx.boss);
    return true;
  });
}

/** A message the provider took, and its answer. */
export interface Accepted {
  msg: OutgoingPhoneMessage;
  acceptance: ProviderAcceptance;
}

/**
 * recordAcceptance for a worker's batch in one transaction: every provider id in one insert, the
 * 'processed' events chained with a fixed number of statements (recordEvents) and the owners'
 * screens told in one NOTIFY each. A message whose id a status callback had claimed first, and
 * every message when that transaction fails, is recorded on its own as before. Answers the
 * failures by message (the queue retries those jobs).
 */
export async function recordAcceptances(ctx: AppContext, provider: ChannelProvider, accepted: Accepted[]): Promise<Map<number, unknown>> {
  const failures = new Map<number, unknown>();
  if (accepted.length === 0) return failures;
  let alone: Accepted[];
  try {
    alone = await inTransaction(ctx.db, async (trx) => {
      const stored = await insertProviderMessages(
        trx,
        accepted.map(({ msg, acceptance }) => ({
          cod_email: msg.cod_email,
          canal: msg.channel,
          provedor: provider.name,
          id_provedor: acceptance.providerId,
          numero: msg.to,
          resposta: acceptance.raw,
        })),
      );
      await recordEvents(
        trx,
        accepted.filter((a) => stored.has(a.msg.cod_email)).map((a) => acceptanceEvent(ctx, provider, a.msg, a.acceptance)),
        ctx.boss,
      );
      return accepted.filter((a) => !stored.has(a.msg.cod_email));
    });
  } catch {
    alone = accepted;
  }
  for (const a of alone) {
    try {
      await recordAcceptance(ctx, provider, a.msg, a.acceptance);
    } catch (error) {
      failures.set(a.msg.cod_email, error);
    }
  }
  return failures;
}
