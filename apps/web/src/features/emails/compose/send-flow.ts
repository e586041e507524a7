import type { Lead, RecipientCheck } from '@ar/core';
import { ApiError } from '../../../api/client.ts';
import { showWarning } from '../../../app/alerts.ts';
import { showBlacklistDialog } from './BlacklistDialog.tsx';
import * as calls from './compose.api.ts';
import type { RecipientDraft } from './compose-form.ts';

const VALIDITY_CACHE = 'ar.draft.emails-novo.valido';

/**
 * The checks before a send (spec 001 §5): each address against the blacklist, then the whole list
 * for validity. Answers the server's message per row key for the rows that failed; the first
 * blacklist failure opens its dialog, a validity failure its warning. The validity answers are
 * cached in session storage, so an unchanged list is not checked twice.
 */
export async function runAddressChecks(rows: RecipientDraft[], supportEmail: string): Promise<Record<string, string>> {
  const withEmail = rows.filter((r) => r.to.trim());
  const found: Record<string, string> = {};
  const blacklist = await Promise.all(withEmail.map((r) => calls.blacklistCheckCall(r.to.trim()).then((a) => [r, a.check] as const)));
  for (const [r, check] of blacklist) if (!check.valid) found[r.key] = check.msg;
  const firstBlocked = blacklist.find(([, check]) => !check.valid);
  if (firstBlocked) {
    showBlacklistDialog(firstBlocked[1].msg, supportEmail);
    return found;
  }

  const cache = readCache();
  const unknown = withEmail.map((r) => r.to.trim().toLowerCase()).filter((e) => !(e in cache));
  if (unknown.length) {
    try {
      const answer = await calls.validityCheckCall(unknown);
      for (const item of answer.checkList) cache[item.email.toLowerCase()] = item.check;
      writeCache(cache);
    } catch (e) {
      showWarning(e instanceof ApiError ? e.message : 'Houve um erro ao validar os destinatários');
      throw Object.assign(new Error('validity check failed'), { handled: true });
    }
  }
  const invalid = withEmail.filter((r) => cache[r.to.trim().toLowerCase()]?.valid === false);
  for (const r of invalid) found[r.key] = cache[r.to.trim().toLowerCase()]?.msg ?? '';
  if (invalid[0]) showWarning(found[invalid[0].key] ?? '');
  return found;
}

function readCache(): Record<string, RecipientCheck> {
  try {
    return JSON.parse(sessionStorage.getItem(VALIDITY_CACHE) ?? '{}');
  } catch {
    return {};
  }
}

function writeCache(cache: Record<string, RecipientCheck>) {
  sessionStorage.setItem(VALIDITY_CACHE, JSON.stringify(cache));
}

/**
 * Saving behaviour on send (spec 001 §7): each recipient with an e-mail is kept among the saved
 * recipients — a row picked from them keeps its code, a typed address that matches a saved one
 * takes that one's code, any other is created. Answers the code of each row by its key.
 */
export async function saveRecipients(rows: RecipientDraft[], leads: Lead[]): Promise<Record<string, number>> {
  const byEmail = new Map(leads.map((l) => [l.lea_email.toLowerCase(), l]));
  const out: Record<string, number> = {};
  for (const r of rows) {
    const email = r.to.trim();
    if (!email) continue;
    const known = r.lea_codigo ? leads.find((l) => l.lea_codigo === r.lea_codigo) : byEmail.get(email.toLowerCase());
    if (known) {
      out[r.key] = known.lea_codigo;
      if (r.smsOn && r.sms && !known.lea_celular) {
        await calls.saveLeadCall(known.lea_codigo, { ...known, lea_celular: r.sms.replace(/\D/g, '') }).catch(() => undefined);
      }
      continue;
    }
    try {
      const saved = await calls.saveLeadCall(null, {
        lea_nome: r.nameTo.trim(),
        lea_email: email,
        lea_celular: r.smsOn ? r.sms.replace(/\D/g, '') : '',
      });
      out[r.key] = saved.lead.lea_codigo;
    } catch {
      // Keeping the address book is a convenience: the send goes on without it.
    }
  }
  return out;
}
