import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { PhoneChannel, ProviderName, ProviderRequest } from './channel.ts';
import { providerFor } from './channels.service.ts';
import { type AppliedEvents, applyProviderEvents } from './provider-events.service.ts';

export const WEBHOOK_MSG = {
  badSignature: 'Assinatura do provedor inválida.',
  notConfigured: 'Este provedor não está configurado nesta instalação.',
  tooEarly: 'A mensagem deste evento ainda está sendo registrada; envie o evento novamente.',
} as const;

/**
 * A provider's callback (docs/channels.md): only the provider this installation sends the channel
 * through is heard; its signature (or registered secret) is checked before anything is read or
 * recorded (403 otherwise); then its events are applied.
 */
export async function receiveProviderCallback(
  ctx: AppContext,
  channel: PhoneChannel,
  expected: ProviderName,
  req: ProviderRequest,
  opts: { messageUuid?: string } = {},
): Promise<AppliedEvents> {
  const provider = providerFor(ctx, channel);
  if (provider.name !== expected) throw notFound(WEBHOOK_MSG.notConfigured);
  if (!provider.verify(req)) throw new AppError(403, WEBHOOK_MSG.badSignature);
  const applied = await applyProviderEvents(ctx, provider, provider.parse(req), opts);
  // A recent status of a message whose acceptance is not recorded yet: delivered again later.
  if (applied.early > 0) throw new AppError(503, WEBHOOK_MSG.tooEarly);
  return applied;
}
