import { isOficioDraft } from '../oficio/oficio-draft.ts';
import type { ComposeDraft } from './compose-form.ts';

/** The draft kept in session storage (spec 001 §4). Each way to compose keeps its own draft: a notice half filled in does not turn into an e-mail's body. */
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
