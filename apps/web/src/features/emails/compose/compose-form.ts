import {
  type ComposeBody,
  checkCredits,
  DEFAULT_ATTACHMENT_LIMIT_MB,
  EMAIL_MSG,
  htmlHasContent,
  MAX_ATTACHMENTS,
  messageUnits,
  type PlanType,
  RECIPIENT_NAME_MAX,
  recipientContactProblem,
  type SessionUser,
  senderNameProblem,
} from '@ar/core';
import { maskDigits } from '../../leads/masks.ts';
import type { AttachmentRef } from '../emails.api.ts';
import { isOficioDraft, type OficioDraft, oficioDraftProblems, toOficioInput } from '../oficio/oficio-draft.ts';

/** One recipient row of the compose screen, as the form holds it. */
export interface RecipientDraft {
  key: string;
  /** The saved recipient (lead) the row came from or was saved as. */
  lea_codigo: number | null;
  nameTo: string;
  to: string;
  smsOn: boolean;
  sms: string;
  whatsOn: boolean;
  whatsapp: string;
  verifOn: boolean;
  pergunta: string;
  resposta: string;
}

export interface ComposeDraft {
  nameFrom: string;
  from: string;
  recipients: RecipientDraft[];
  codModelo: string | null;
  identificacao: string;
  subject: string;
  tags: string[];
  content: string;
  attachments: AttachmentRef[];
  /** A legal notice (Novo Ofício, /emails/oficio): its form takes the body's place. */
  oficio?: OficioDraft | null;
}

/** The user fields the compose rules read (spec 001 §3, §6). */
export type ComposeUser = Pick<
  SessionUser,
  | 'usu_nome'
  | 'usu_login'
  | 'usu_aceita_ar_whatsapp'
  | 'usu_validacao_notificacao'
  | 'usu_anexo_obrigatorio'
  | 'usu_limite_anexo'
  | 'set_envia_email_obrigatorio'
>;

export const MAX_QUESTION = 60;

let keySeq = 0;
export function emptyRecipient(): RecipientDraft {
  keySeq += 1;
  return {
    key: `r${Date.now().toString(36)}${keySeq}`,
    lea_codigo: null,
    nameTo: '',
    to: '',
    smsOn: false,
    sms: '',
    whatsOn: false,
    whatsapp: '',
    verifOn: false,
    pergunta: '',
    resposta: '',
  };
}

export function emptyDraft(user: Pick<ComposeUser, 'usu_nome'>, from = ''): ComposeDraft {
  return {
    nameFrom: user.usu_nome,
    from,
    recipients: [emptyRecipient()],
    codModelo: null,
    identificacao: '',
    subject: '',
    tags: [],
    content: '',
    attachments: [],
  };
}

/** Whether a row has any way to reach its recipient. */
export const hasContact = (r: RecipientDraft) => !!r.to.trim() || (r.smsOn && !!r.sms.trim()) || (r.whatsOn && !!r.whatsapp.trim());

/** The first problem of one recipient row (spec 001 §5 compose recipient), or null: core's contact rules plus the row's own fields. */
export function recipientProblem(r: RecipientDraft, user: ComposeUser, others: RecipientDraft[] = []): string | null {
  if (!r.nameTo.trim()) return EMAIL_MSG.recipientNameRequired;
  // A number switched on but left empty is a mistake here, though the payload would simply omit it.
  if (r.smsOn && !r.sms.trim()) return EMAIL_MSG.smsInvalid;
  if (r.whatsOn && user.usu_aceita_ar_whatsapp && !r.whatsapp.trim()) return EMAIL_MSG.whatsappInvalid;
  const taken = new Set(others.filter((o) => o.key !== r.key && o.to.trim()).map((o) => o.to.trim().toLowerCase()));
  const contact = recipientContactProblem(
    {
      to: r.to.trim(),
      sms: r.smsOn ? { mobile: r.sms } : null,
      whatsapp: r.whatsOn && user.usu_aceita_ar_whatsapp ? { mobile: r.whatsapp } : null,
    },
    user,
    taken,
  );
  if (contact) return contact;
  if (r.verifOn && user.usu_validacao_notificacao && (!r.pergunta.trim() || !r.resposta.trim())) return EMAIL_MSG.securityQuestion;
  return null;
}

/** Problems of the message fields, by field (spec 001 §5 compose message). */
export function messageProblems(d: ComposeDraft, user: ComposeUser): Partial<Record<keyof ComposeDraft, string>> {
  const out: Partial<Record<keyof ComposeDraft, string>> = {};
  const sender = senderNameProblem(d.nameFrom);
  if (sender) out.nameFrom = sender;
  if (!d.subject.trim()) out.subject = EMAIL_MSG.subjectRequired;
  else if (d.subject.length > 180) out.subject = EMAIL_MSG.subjectTooLong;
  if (d.identificacao.length > 120) out.identificacao = EMAIL_MSG.identificationTooLong;
  if (d.oficio) {
    const first = Object.values(oficioDraftProblems(d.oficio))[0];
    if (first) out.oficio = first;
  } else if (!htmlHasContent(d.content)) out.content = EMAIL_MSG.contentRequired;
  if (user.usu_anexo_obrigatorio === 'S' && d.attachments.length === 0) out.attachments = EMAIL_MSG.attachmentRequired;
  else if (d.attachments.length > MAX_ATTACHMENTS) out.attachments = EMAIL_MSG.tooManyAttachments;
  return out;
}

/** Credit units the draft will use (spec 001 §9): the same count the server debits. */
export function draftUnits(d: ComposeDraft, user: Pick<ComposeUser, 'usu_aceita_ar_whatsapp'>): number {
  return messageUnits(
    d.recipients.filter(hasContact).map((r) => ({
      email: !!r.to.trim(),
      sms: r.smsOn && !!r.sms.trim(),
      whatsapp: !!user.usu_aceita_ar_whatsapp && r.whatsOn && !!r.whatsapp.trim(),
    })),
  );
}

export interface SendState {
  /** The send button is shown (false: the buy link shows in its place). */
  visible: boolean;
  enabled: boolean;
  units: number;
  /** Why the button is hidden, when it is. */
  creditMessage?: string;
}

/**
 * The send button rules of spec 001 §5: disabled when the form is invalid, while sending, or when
 * no recipient can be reached; on a credit plan, hidden (buy link instead) when the credits do not
 * cover the units to be used.
 */
export function sendState(
  d: ComposeDraft,
  user: ComposeUser,
  credits: { tipoPlano: PlanType; total: number; ativo: boolean } | undefined,
  sending: boolean,
): SendState {
  const units = draftUnits(d, user);
  const credit = credits ? checkCredits(credits.tipoPlano, credits.total, Math.max(units, 1)) : { ok: false };
  const visible = !credits || credit.ok;
  const valid =
    Object.keys(messageProblems(d, user)).length === 0 &&
    d.recipients.length > 0 &&
    d.recipients.every((r) => recipientProblem(r, user, d.recipients) === null);
  const reachable = d.recipients.some(hasContact);
  return {
    visible,
    enabled: visible && !!credits && credits.ativo && valid && reachable && !sending,
    units,
    creditMessage: credit.ok ? undefined : credit.message,
  };
}

/** The attachment types of spec 001 §5, by extension (the server checks the content again). */
export const ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip'] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export function attachmentLimitBytes(user: Pick<ComposeUser, 'usu_limite_anexo'>): number {
  return (user.usu_limite_anexo ?? DEFAULT_ATTACHMENT_LIMIT_MB) * 1024 * 1024;
}

/** Whether new files may join the ones already attached; the spec's message when not. */
export function attachmentsProblem(
  files: { name: string; size: number }[],
  current: { size: number }[],
  user: Pick<ComposeUser, 'usu_limite_anexo'>,
): string | null {
  const ext = (name: string) => name.toLowerCase().split('.').pop() ?? '';
  if (files.some((f) => !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext(f.name)))) return EMAIL_MSG.attachmentType;
  if (files.length + current.length > MAX_ATTACHMENTS) return EMAIL_MSG.tooManyAttachments;
  const total = [...files, ...current].reduce((s, f) => s + f.size, 0);
  if (total > attachmentLimitBytes(user)) return EMAIL_MSG.attachmentsTooLarge;
  return null;
}

/** The compose payload of spec 001 §3 from the draft. */
export function toPayload(d: ComposeDraft, user: ComposeUser): ComposeBody {
  return {
    destinataires: d.recipients.filter(hasContact).map((r) => ({
      to: r.to.trim(),
      nameTo: r.nameTo.trim().slice(0, RECIPIENT_NAME_MAX),
      leadSelected: r.lea_codigo,
      sms: r.smsOn && r.sms ? { name: r.nameTo.trim(), mobile: r.sms } : null,
      whatsapp: user.usu_aceita_ar_whatsapp && r.whatsOn && r.whatsapp ? { name: r.nameTo.trim(), mobile: r.whatsapp } : null,
      validacaoNotif: user.usu_validacao_notificacao && r.verifOn ? { pergunta: r.pergunta.trim(), resposta: r.resposta.trim() } : null,
    })),
    nameFrom: d.nameFrom.trim().replace(/\s+/g, ' '),
    from: d.from || undefined,
    identificacao: d.identificacao.trim(),
    subject: d.subject.trim(),
    content: d.oficio ? '' : d.content,
    ...(d.oficio ? { oficio: toOficioInput(d.oficio) } : {}),
    codModeloSelected: d.codModelo ? Number(d.codModelo) : null,
    etiquetasSelected: d.tags.map(Number),
    attachments: d.attachments.map((a) => a.uuidFilename),
  };
}

// ---- the draft kept in session storage (spec 001 §4) ----

/** Each way to compose keeps its own draft: a notice half filled in does not turn into an e-mail's body. */
export type DraftKind = 'email' | 'oficio';
const DRAFT_KEYS: Record<DraftKind, string> = { email: 'ar.draft.emails-novo', oficio: 'ar.draft.emails-oficio' };

export function loadDraft(kind: DraftKind = 'email'): ComposeDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEYS[kind]);
    if (!raw) return null;
    const d = JSON.parse(raw) as ComposeDraft;
    if (kind === 'oficio' && !isOficioDraft(d.oficio)) return null;
    return Array.isArray(d.recipients) && d.recipients.length > 0 ? d : null;
  } catch {
    return null;
  }
}

export function saveDraft(d: ComposeDraft, kind: DraftKind = 'email') {
  try {
    sessionStorage.setItem(DRAFT_KEYS[kind], JSON.stringify(d));
  } catch {
    // A body with large inline images may not fit session storage; the form itself keeps working.
  }
}

export const clearDraft = (kind: DraftKind = 'email') => sessionStorage.removeItem(DRAFT_KEYS[kind]);

/** Masks of the SMS and WhatsApp numbers (spec 001 §5). */
export function maskMobile(value: string): string {
  return maskDigits(value, '(##) #####-####');
}

export function maskWhatsapp(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 13);
  return digits.length <= 11 ? maskDigits(digits, '(##) #####-####') : maskDigits(digits, '+## (##) #####-####');
}
