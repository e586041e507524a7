import type { AttachmentRef, UFS } from '@ar/core';
import {
  attachmentRequiredProblem,
  cascadeNowChannels,
  cascadePlan as cascadePlanSchema,
  cascadeRowProblem,
  checkCredits,
  composeBody,
  composeProblems,
  composeRecipient,
  EMAIL_MSG,
  messageUnits,
  PLAN_MSG,
  type PlanType,
  RECIPIENT_NAME_MAX,
  recipientChannels,
  recipientContactProblem,
  type SessionUser,
  type UnitsLine,
  unitsBreakdown,
} from '@ar/core';
import { type OficioDraft, toOficioInput } from '../oficio/oficio-draft.ts';
import { type CascadeDraft, toCascadePlan } from './cascade-draft.ts';
import type { ComposePayload } from './compose.api.ts';
import { emptyLetter, type LetterDraft } from './letter-draft.ts';

/** One recipient row of the compose screen, as the form holds it. */
export interface RecipientDraft {
  key: string;
  /** The saved recipient (lead) the row came from or was saved as. */
  lea_codigo: number | null;
  nameTo: string;
  /** The longer name the row was given (typed, pasted, a saved recipient's, a reply's) when it was cut to 14: said under the field. */
  nameCutFrom?: string;
  to: string;
  smsOn: boolean;
  sms: string;
  whatsOn: boolean;
  whatsapp: string;
  /** AR-Voz: a call to this number (accounts with usu_aceita_ar_voz; docs/voice.md). */
  vozOn: boolean;
  voz: string;
  verifOn: boolean;
  pergunta: string;
  resposta: string;
  /** AR-Carta (docs/letters.md): a registered letter to this recipient, and its address as typed. */
  cartaOn: boolean;
  carta: LetterDraft;
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
  /** The channel cascade (docs/cascade.md); a draft kept before it existed has none. */
  cascata?: CascadeDraft;
}

/** The user fields the compose rules read (spec 001 §3, §6). */
export type ComposeUser = Pick<
  SessionUser,
  | 'usu_nome'
  | 'usu_login'
  | 'usu_aceita_ar_whatsapp'
  | 'usu_aceita_ar_voz'
  | 'usu_validacao_notificacao'
  | 'usu_anexo_obrigatorio'
  | 'usu_limite_anexo'
  | 'set_envia_email_obrigatorio'
>;

/**
 * A recipient's name as the compose field takes it: at most 14 characters (spec 001 §5, "cut to 14").
 * A longer one is cut here, where the person sees it, and the row keeps what it was given, so the
 * field says what was cut instead of the list, the detail and the SMS showing a name cut silently.
 */
export function fitRecipientName(name: string): Pick<RecipientDraft, 'nameTo' | 'nameCutFrom'> {
  return name.length > RECIPIENT_NAME_MAX
    ? { nameTo: name.slice(0, RECIPIENT_NAME_MAX), nameCutFrom: name }
    : { nameTo: name, nameCutFrom: undefined };
}

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
    vozOn: false,
    voz: '',
    verifOn: false,
    pergunta: '',
    resposta: '',
    cartaOn: false,
    carta: emptyLetter(),
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
export const hasContact = (r: RecipientDraft) =>
  !!r.to.trim() || (r.smsOn && !!r.sms.trim()) || (r.whatsOn && !!r.whatsapp.trim()) || (r.vozOn && !!r.voz.trim());

/** One row as the payload carries it (spec 001 §3): what the user may not use is left out. */
export function toRecipient(r: RecipientDraft, user: ComposeUser) {
  return {
    to: r.to.trim(),
    nameTo: r.nameTo.trim().slice(0, RECIPIENT_NAME_MAX),
    leadSelected: r.lea_codigo,
    sms: r.smsOn && r.sms ? { name: r.nameTo.trim(), mobile: r.sms } : null,
    whatsapp: user.usu_aceita_ar_whatsapp && r.whatsOn && r.whatsapp ? { name: r.nameTo.trim(), mobile: r.whatsapp } : null,
    voz: user.usu_aceita_ar_voz && r.vozOn && r.voz ? { name: r.nameTo.trim(), mobile: r.voz } : null,
    validacaoNotif: user.usu_validacao_notificacao && r.verifOn ? { pergunta: r.pergunta.trim(), resposta: r.resposta.trim() } : null,
    // The state as typed: the select offers only UFS, and an empty one is refused by composeBody (composeProblems) before any send.
    carta: r.cartaOn ? { ...r.carta, estado: r.carta.estado as (typeof UFS)[number], complemento: r.carta.complemento || null } : null,
  };
}

/**
 * The first problem of one recipient row (spec 001 §5 compose recipient), or null: core's recipient
 * schema (composeRecipient: the name, the security question) and contact rules
 * (recipientContactProblem), plus the numbers switched on and left empty.
 */
export function recipientProblem(r: RecipientDraft, user: ComposeUser, others: RecipientDraft[] = []): string | null {
  const recipient = toRecipient(r, user);
  const issues = composeRecipient.safeParse(recipient).error?.issues ?? [];
  const nameIssue = issues.find((i) => i.path[0] === 'nameTo');
  if (nameIssue) return nameIssue.message;
  // A number switched on but left empty is a mistake here, though the payload would simply omit it.
  if (r.smsOn && !r.sms.trim()) return EMAIL_MSG.smsInvalid;
  if (r.whatsOn && user.usu_aceita_ar_whatsapp && !r.whatsapp.trim()) return EMAIL_MSG.whatsappInvalid;
  if (r.vozOn && user.usu_aceita_ar_voz && !r.voz.trim()) return EMAIL_MSG.vozInvalid;
  const taken = new Set(others.filter((o) => o.key !== r.key && o.to.trim()).map((o) => o.to.trim().toLowerCase()));
  return recipientContactProblem(recipient, user, taken) ?? issues[0]?.message ?? null;
}

/** By draft field, the problems of the message; `send`: the payload's other rules (the rows show the recipients'), which only keep 'Enviar' disabled. */
export type MessageProblems = Partial<Record<keyof ComposeDraft | 'send', string>>;

/** The draft field of each payload field. */
const FIELD_OF: Partial<Record<string, keyof ComposeDraft>> = {
  nameFrom: 'nameFrom',
  from: 'from',
  identificacao: 'identificacao',
  subject: 'subject',
  content: 'content',
  oficio: 'oficio',
  codModeloSelected: 'codModelo',
  etiquetasSelected: 'tags',
  attachments: 'attachments',
  cascata: 'cascata',
};

/**
 * Problems of the message fields (spec 001 §5 compose message): core's contract of a send —
 * composeBody and composeProblems, as the server checks it — on the payload the draft becomes,
 * each issue on its field (as the sign-up page maps its schema's).
 */
export function messageProblems(d: ComposeDraft, user: ComposeUser): MessageProblems {
  const out: MessageProblems = {};
  // The account's required attachment shows at once, whatever else the form still lacks.
  const attachment = attachmentRequiredProblem(d.attachments.length, user);
  if (attachment) out.attachments = attachment;
  const parsed = composeBody.safeParse(toPayload(d, user));
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF[String(issue.path[0])] ?? 'send';
    out[field] ??= issue.message;
  }
  const whole = parsed.success ? composeProblems(parsed.data, user) : null;
  // A cascade's step whose channel a row lacks shows on the cascade's panel.
  const plan = parsed.success ? parsed.data.cascata : null;
  const cascade = plan ? parsed.data?.destinataires.map((r) => cascadeRowProblem(plan, recipientChannels(r))).find((p) => !!p) : null;
  if (cascade) out.cascata ??= cascade;
  if (whole && whole !== attachment && whole !== cascade) out.send ??= whole;
  return out;
}

/** Credit units the draft will use (spec 001 §9): the same count the server debits. */
export function draftUnits(
  d: ComposeDraft,
  user: Pick<ComposeUser, 'usu_aceita_ar_whatsapp'> & Partial<Pick<ComposeUser, 'usu_aceita_ar_voz'>>,
): number {
  return draftUnitsOf(d, user).now;
}

/**
 * What the send debits now and, with a cascade, at most (every step sent; the balance must cover
 * it): the server's count (core's cascadeUnits), from the rows' channels.
 */
export function draftUnitsOf(
  d: ComposeDraft,
  user: Pick<ComposeUser, 'usu_aceita_ar_whatsapp'> & Partial<Pick<ComposeUser, 'usu_aceita_ar_voz'>>,
): { now: number; atMost: number; breakdown: UnitsLine[] } {
  const rows = d.recipients.filter(hasContact).map((r) => ({
    email: !!r.to.trim(),
    sms: r.smsOn && !!r.sms.trim(),
    whatsapp: !!user.usu_aceita_ar_whatsapp && r.whatsOn && !!r.whatsapp.trim(),
    carta: r.cartaOn,
    voz: draftHasVoice(r, user),
  }));
  const parsed = cascadePlanSafe(d.cascata);
  // What goes with the send: a row's later cascade steps are debited when (and if) they go.
  const now = rows.map((row) => (parsed && !cascadeRowProblem(parsed, row) ? cascadeNowChannels(parsed, row) : row));
  return { now: messageUnits(now), atMost: messageUnits(rows), breakdown: unitsBreakdown(now) };
}

const cascadePlanSafe = (c: CascadeDraft | undefined) => {
  const parsed = cascadePlanSchema.safeParse(toCascadePlan(c));
  return parsed.success ? parsed.data : null;
};

/** Whether a row calls its recipient (AR-Voz): the account allows it and a number is given. */
const draftHasVoice = (r: RecipientDraft, user: Partial<Pick<ComposeUser, 'usu_aceita_ar_voz'>>) =>
  !!user.usu_aceita_ar_voz && r.vozOn && !!r.voz.trim();

export interface SendState {
  /** The send button is shown (false: the buy link shows in its place). */
  visible: boolean;
  enabled: boolean;
  units: number;
  /** What `units` counted, by channel. */
  breakdown: UnitsLine[];
  /** Why the button is hidden, when it is. */
  creditMessage?: string;
  /** While it is shown and disabled (not sending): every unmet rule, in the form's order, to say on hover and focus. */
  reasons: string[];
}

/**
 * Why 'Enviar' is disabled, in the words the form shows next to each field: the plan, each
 * recipient's problem (with its row's number when there are several), a recipient to reach, the
 * message's fields. Empty when nothing blocks the send.
 */
export function sendBlockers(d: ComposeDraft, user: ComposeUser, credits: { ativo: boolean } | undefined): string[] {
  if (!credits) return [EMAIL_MSG.creditsLoading];
  const out: string[] = [];
  if (!credits.ativo) out.push(PLAN_MSG.inactive);
  const ofRows = new Set<string>();
  d.recipients.forEach((r, i) => {
    const problem = recipientProblem(r, user, d.recipients);
    if (!problem) return;
    ofRows.add(problem);
    out.push(d.recipients.length > 1 ? `Destinatário ${i + 1}: ${problem}` : problem);
  });
  // No row to reach: in the account's terms (an e-mail required, or any of e-mail, SMS, WhatsApp).
  const unreachable = !d.recipients.some(hasContact);
  if (unreachable) out.push(user.set_envia_email_obrigatorio ? EMAIL_MSG.recipientEmailRequired : EMAIL_MSG.recipientContactRequired);
  // The payload's check repeats a row's problem and the missing contact (under `send`): said once.
  for (const p of Object.values(messageProblems(d, user)))
    if (p && !ofRows.has(p) && !(unreachable && p === EMAIL_MSG.recipientContactRequired)) out.push(p);
  return [...new Set(out)];
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
  const { now: units, atMost, breakdown } = draftUnitsOf(d, user);
  // A call needs at least 2 credits in the account (spec 001 §5): checkCredits says so with the spec's text.
  // A cascade needs the credits of every step (each step debits when it goes).
  const voice = d.recipients.some((r) => draftHasVoice(r, user));
  const credit = credits ? checkCredits(credits.tipoPlano, credits.total, Math.max(atMost, 1), voice) : { ok: false };
  const visible = !credits || credit.ok;
  const valid =
    Object.keys(messageProblems(d, user)).length === 0 &&
    d.recipients.length > 0 &&
    d.recipients.every((r) => recipientProblem(r, user, d.recipients) === null);
  const reachable = d.recipients.some(hasContact);
  const enabled = visible && !!credits && credits.ativo && valid && reachable && !sending;
  return {
    visible,
    enabled,
    units,
    breakdown,
    creditMessage: credit.ok ? undefined : credit.message,
    reasons: enabled || sending || !visible ? [] : sendBlockers(d, user, credits),
  };
}

/** The compose payload of spec 001 §3 from the draft. */
export function toPayload(d: ComposeDraft, user: ComposeUser): ComposePayload {
  return {
    destinataires: d.recipients.filter(hasContact).map((r) => toRecipient(r, user)),
    nameFrom: d.nameFrom.trim().replace(/\s+/g, ' '),
    from: d.from || undefined,
    identificacao: d.identificacao.trim(),
    subject: d.subject.trim(),
    content: d.oficio ? '' : d.content,
    ...(d.oficio ? { oficio: toOficioInput(d.oficio) } : {}),
    codModeloSelected: d.codModelo ? Number(d.codModelo) : null,
    etiquetasSelected: d.tags.map(Number),
    attachments: d.attachments.map((a) => a.uuidFilename),
    cascata: toCascadePlan(d.cascata),
  };
}
