import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createStorage } from '../../storage/index.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';
import type { AuditFilter } from './audit.queries.ts';
import { type AuditBreak, type AuditSummary, auditEvidence, breakLine, summaryLine } from './audit.ts';

/** The audit with the installation's TSA certificates and storage, printing one line per break and the summary. */
export async function runAudit(
  config: Config,
  database: Pick<Database, 'db'>,
  filter: AuditFilter,
  print: (line: string) => void,
): Promise<{ summary: AuditSummary; breaks: AuditBreak[] }> {
  const [tsa, storage] = await Promise.all([evidenceTsa(config), createStorage(config)]);
  // The first breaks are kept for the record (the admin screen); all of them are printed.
  const breaks: AuditBreak[] = [];
  const summary = await auditEvidence(database.db, { tsa, storage }, filter, (b) => {
    print(breakLine(b));
    if (breaks.length < 100) breaks.push(b);
  });
  print(summaryLine(summary));
  return { summary, breaks };
}

/** --since YYYY-MM-DD and --message <uuid or code>, checked; a bad value throws with the reason. */
export function auditFilter(args: { since?: string; message?: string }): AuditFilter {
  const filter: AuditFilter = {};
  if (args.since !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(args.since) || Number.isNaN(Date.parse(`${args.since}T00:00:00-03:00`)))
      throw new Error(`--since: use uma data AAAA-MM-DD (recebido: ${args.since})`);
    filter.since = new Date(`${args.since}T00:00:00-03:00`);
  }
  if (args.message !== undefined) {
    const m = args.message.trim();
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(m)) filter.message = { uuid: m };
    else if (/^\d{1,15}$/.test(m)) filter.message = { codigo: Number(m) };
    else throw new Error(`--message: use o uuid da mensagem ou seu código numérico (recebido: ${m})`);
  }
  return filter;
}
