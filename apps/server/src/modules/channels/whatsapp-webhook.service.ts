import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { providerFor } from './channels.service.ts';
import { isMetaProvider } from './providers/meta.ts';
import { WEBHOOK_MSG } from './webhooks.service.ts';

/** The verification handshake with another token than WHATSAPP_VERIFY_TOKEN. */
export const BAD_VERIFY_TOKEN = 'Token de verificação inválido.';

/**
 * Meta's verification handshake (GET /webhooks/whatsapp, docs/whatsapp.md): the challenge to echo
 * when the token is ours; 403 otherwise; 404 where WhatsApp goes through another provider.
 */
export function whatsappHandshake(ctx: AppContext, query: Record<string, string | undefined>): string {
  const provider = providerFor(ctx, 'whatsapp');
  if (!isMetaProvider(provider)) throw notFound(WEBHOOK_MSG.notConfigured);
  const challenge = provider.handshake(query);
  if (challenge === null) throw new AppError(403, BAD_VERIFY_TOKEN);
  return challenge;
}
