import { CREDIT_MSG, canAddRecipient, EMAIL_MSG, type Lead, MAX_RECIPIENTS, type PlanType, recipientUnits } from '@ar/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { showWarning } from '../../../app/alerts.ts';
import { emptyOficio } from '../oficio/oficio-draft.ts';
import {
  type ComposeDraft,
  type ComposeUser,
  draftUnits,
  emptyDraft,
  emptyRecipient,
  fitRecipientName,
  messageProblems,
  type RecipientDraft,
  recipientProblem,
} from './compose-form.ts';
import { clearDraft, type DraftKind, loadDraft, saveDraft } from './draft-storage.ts';
import { emptyLetter, letterFromLead } from './letter-draft.ts';

/** A reply: the received message it answers, the AR-Email that one answered, and the prefilled fields. */
export interface ReplyTo {
  codEmailReply: number;
  codEmailReplyBase: number;
  to: string;
  nameTo: string;
  subject: string;
  content: string;
}

interface Options {
  user: ComposeUser;
  reply?: ReplyTo;
  oficio: boolean;
  /** The sending account a new draft starts with. */
  from?: string;
  /** The user's credits: a recipient is added only when they cover it. */
  credits?: { tipoPlano: PlanType; total: number };
}

/**
 * The compose draft: its fields, which of them were touched, the server's answers about the
 * addresses, and the edits with their rules. On its own page the draft is kept in session storage
 * (spec 001 §4); a reply starts from the message it answers and is not kept.
 */
export function useComposeDraft({ user, reply, oficio, from, credits }: Options) {
  const kind: DraftKind = oficio ? 'oficio' : 'email';
  const fresh = (): ComposeDraft => {
    const base: ComposeDraft = { ...emptyDraft(user, from), oficio: oficio ? emptyOficio() : null };
    if (!reply) return base;
    const name = fitRecipientName(reply.nameTo || reply.to.split('@')[0] || '');
    return { ...base, recipients: [{ ...emptyRecipient(), ...name, to: reply.to }], subject: reply.subject, content: reply.content };
  };
  const [draft, setDraft] = useState<ComposeDraft>(() => (reply ? fresh() : (loadDraft(kind) ?? fresh())));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [checkProblems, setCheckProblems] = useState<Record<string, string>>({});

  // The draft survives a reload or a visit elsewhere in the tab (spec 001 §4).
  // Saved a moment after typing stops, and at once when the page goes away.
  const persist = useDebouncedCallback((d: ComposeDraft) => !reply && saveDraft(d, kind), { delay: 300, flushOnUnmount: true });
  useEffect(() => persist(draft), [draft, persist]);
  useEffect(() => {
    const flush = () => persist.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [persist]);

  const patch = (p: Partial<ComposeDraft>) => setDraft((d) => ({ ...d, ...p }));
  const patchRow = (key: string, p: Partial<RecipientDraft>) => {
    setDraft((d) => ({ ...d, recipients: d.recipients.map((r) => (r.key === key ? { ...r, ...p } : r)) }));
    if ('to' in p) setCheckProblems(({ [key]: _, ...rest }) => rest);
  };
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  /** A new row, within the limit of 10 and of the credits; a second row costs one more AR. */
  function addRecipient(initial: Partial<RecipientDraft> = {}): boolean {
    if (draft.recipients.length >= MAX_RECIPIENTS) {
      showWarning(EMAIL_MSG.maxRecipients);
      return false;
    }
    if (credits && !canAddRecipient(credits.tipoPlano, credits.total, draftUnits(draft, user), recipientUnits({ email: true }))) {
      showWarning(CREDIT_MSG.noCreditsForRecipient);
      return false;
    }
    if (draft.recipients.length === 1) notifications.show({ color: 'yellow', message: CREDIT_MSG.extraRecipient, autoClose: 4000 });
    setDraft((d) => ({ ...d, recipients: [...d.recipients, { ...emptyRecipient(), ...initial }] }));
    return true;
  }

  function addInstitution(name: string, email: string) {
    if (draft.recipients.some((r) => r.to.toLowerCase() === email.toLowerCase())) return showWarning(EMAIL_MSG.duplicateRecipient);
    const empty = draft.recipients.find((r) => !r.to && !r.nameTo);
    const initial = { ...fitRecipientName(name), to: email };
    if (empty) patchRow(empty.key, initial);
    else if (!addRecipient(initial)) return;
    notifications.show({ message: `O e-mail ${email} foi adicionado aos destinatários`, autoClose: 2000 });
  }

  function pickLead(key: string, lead: Lead | null) {
    if (!lead) return patchRow(key, { lea_codigo: null });
    if (draft.recipients.some((r) => r.key !== key && r.to.toLowerCase() === lead.lea_email.toLowerCase()))
      return showWarning(EMAIL_MSG.duplicateRecipient);
    const row = draft.recipients.find((r) => r.key === key);
    patchRow(key, {
      lea_codigo: lead.lea_codigo,
      ...fitRecipientName(lead.lea_nome),
      to: lead.lea_email,
      // The letter's address from the registry (docs/letters.md); number, district and complement are typed.
      carta: letterFromLead(lead, row?.carta ?? emptyLetter()),
    });
    touch(key);
  }

  function removeRecipient(key: string) {
    setDraft((d) => ({ ...d, recipients: d.recipients.filter((r) => r.key !== key) }));
    setCheckProblems(({ [key]: _, ...rest }) => rest);
  }

  /** Back to a new draft: the stored one goes, and nothing counts as touched. */
  function reset() {
    persist.cancel();
    if (!reply) clearDraft(kind);
    setDraft(fresh());
    setTouched(new Set());
    setCheckProblems({});
  }

  // A rule about what the form already holds (the prefilled sender, a restored draft, the
  // account's required attachment) shows at once; an empty field's once touched or once the
  // disabled 'Enviar' is clicked (touch('*')). See docs/emails.md, "Compose".
  const showProblem = (field: string) => touched.has(field) || touched.has('*') || hasValue(draft, field);
  const rowProblem = (r: RecipientDraft) =>
    touched.has(r.key) || touched.has('*') || rowHasValue(r) ? recipientProblem(r, user, draft.recipients) : null;

  return {
    draft,
    setDraft,
    patch,
    patchRow,
    touch,
    /** Whether an ofício field's problem shows ('oficio.<path>'). */
    touchedOficio: (path: string) => touched.has(`oficio.${path}`) || touched.has('*'),
    problems: messageProblems(draft, user),
    showProblem,
    rowProblem,
    checkProblems,
    setCheckProblems,
    addRecipient,
    addInstitution,
    pickLead,
    removeRecipient,
    reset,
  };
}

export type ComposeDraftState = ReturnType<typeof useComposeDraft>;

/** Whether a message field holds something of the user's (then its rule shows at once). */
function hasValue(d: ComposeDraft, field: string): boolean {
  if (field === 'nameFrom') return d.nameFrom.length > 0;
  if (field === 'subject') return d.subject.length > 0;
  return false;
}

const rowHasValue = (r: RecipientDraft) => !!(r.nameTo || r.to || (r.smsOn && r.sms) || (r.whatsOn && r.whatsapp));
