import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvent } from '../emails/events.ts';
import { simulatedMark } from '../evidence/simulated.ts';
import type { ChannelProvider, OutgoingPhoneMessage, ProviderAcceptance } from './channel.ts';
import { completeClaimedProviderMessage, insertProviderMessage } from './channels.queries.ts';

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
    await recordEvent(
      trx,
      {
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
      },
      ctx.boss,
    );
    return true;
  });
}
