/** Recipient checks before sending (spec 001 §5 "Before sending", §7, §8 "Blacklist failure"). */
import { z } from '../zod.ts';

/** The texts of the recipient checks; `msg` is '' when the address passes. */
export const CHECK_MSG = {
  emailsRequired: 'Informe ao menos um e-mail para verificar.',
  tooManyEmails: 'Verifique no máximo 100 e-mails por vez.',
  blockedAddress: (email: string, reason: string) =>
    `O e-mail ${email} está na lista de bloqueio e não pode receber mensagens. Motivo: ${reason}`,
  blockedDomain: (domain: string, reason: string) =>
    `O domínio ${domain} está na lista de bloqueio e não pode receber mensagens. Motivo: ${reason}`,
  hardBounce: (email: string, response: string) =>
    `Uma mensagem anterior para ${email} foi recusada pelo servidor de destino (${response}). Verifique o endereço; se ele já foi corrigido, inclua-o na sua whitelist.`,
  domainNotFound: (email: string, domain: string) => `O domínio ${domain} não existe. Verifique o e-mail ${email}.`,
  domainNoMail: (email: string, domain: string) => `O domínio ${domain} não recebe e-mails. Verifique o e-mail ${email}.`,
} as const;

export const MAX_CHECK_EMAILS = 100;

export const recipientCheck = z.object({ valid: z.boolean(), msg: z.string() });
export type RecipientCheck = z.output<typeof recipientCheck>;

/** GET /emails/check/blacklist/{email}. */
export const blacklistCheckParams = z.object({ email: z.string().trim().max(254) });
export const blacklistCheckResponse = z.object({ check: recipientCheck });
export type BlacklistCheckResponse = z.output<typeof blacklistCheckResponse>;

/** GET /emails/check/valido?emails=a@x&emails=b@y (the parameter repeated, or one comma-separated list). */
export const validityCheckQuery = z.object({
  emails: z
    .union([z.string(), z.array(z.string())], { error: CHECK_MSG.emailsRequired })
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .pipe(z.array(z.string().max(254)).min(1, CHECK_MSG.emailsRequired).max(MAX_CHECK_EMAILS, CHECK_MSG.tooManyEmails)),
});
export const validityCheckResponse = z.object({
  checkList: z.array(z.object({ email: z.string(), check: recipientCheck })),
});
export type ValidityCheckResponse = z.output<typeof validityCheckResponse>;
