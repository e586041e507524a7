import { PHONE_WEBHOOK_MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { PhoneChannel, ProviderName, ProviderRequest } from './channel.ts';
import { type AppliedEvents, applyProviderEvents, providerFor } from './channels.service.ts';
import { isMetaProvider } from './providers/meta.ts';

/**
 * The providers' webhooks (docs/channels.md): a callback is believed only after its adapter
 * verified it (Meta's signature, Zenvia's registered secret header); until then nothing is read
 * from it and nothing is written. A provider's address answers 404 where this installation sends
 * that channel through another provider.
 */

/** The adapter serving `channel` here, when it is `expected`; else the address is not in use (404). */
function servingProvider(ctx: AppContext, channel: PhoneChannel, expected: ProviderName) {
  const provider = providerFor(ctx, channel);
  if (provider.name !== expected) throw new AppError(404, PHONE_WEBHOOK_MSG.notServed);
  return provider;
}

/** Meta's verification handshake (GET): the challenge to echo, or 403 for another token. */
export function whatsappHandshake(ctx: AppContext, query: Record<string, string | undefined>): string {
  const provider = servingProvider(ctx, 'whatsapp', 'meta');
  const challenge = isMetaProvider(provider) ? provider.handshake(query) : null;
  if (challenge === null) throw new AppError(403, PHONE_WEBHOOK_MSG.badVerifyToken);
  return challenge;
}

/** A provider's callback: verified first (403 and nothing recorded otherwise), then its events applied, each once. */
export async function receiveProviderCallback(
  ctx: AppContext,
  channel: PhoneChannel,
  expected: ProviderName,
  req: ProviderRequest,
): Promise<AppliedEvents> {
  const provider = servingProvider(ctx, channel, expected);
  if (!provider.verify(req)) {
    ctx.log.warn({ provider: provider.name, channel }, 'webhook de provedor recusado: assinatura ou segredo inválido');
    throw new AppError(403, PHONE_WEBHOOK_MSG.badSignature);
  }
  return applyProviderEvents(ctx, provider, provider.parse(req));
}
