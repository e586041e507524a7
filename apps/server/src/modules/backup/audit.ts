import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/index.ts';
import { type CheckedMessage, chainReport } from '../evidence/chain-check.ts';
import { recomputeEventHash, type StoredEvent } from '../evidence/chain-fields.ts';
import type { EvidenceTsa } from '../evidence/evidence.service.ts';
import { type AuditFilter, eventsOfPage, messagePage } from './audit.queries.ts';
import { tokenChecker } from './audit-tokens.ts';

/**
 * The evidence audit (`npm run verify-evidence`, the nightly job, the end of a restore;
 * docs/backups.md): every message of every tenant, its chain recomputed from the genesis
 * (chain-check.ts's own check), every time stamp verified against its TSA's certificate and the
 * hash its event's stored fields give (audit-tokens.ts: checkToken's verdict, quicker), every stored file whose hash the evidence records read
 * through and hashed. It walks pages of messages by primary key, so memory stays flat at any size.
 */

export type BreakKind = 'evento alterado' | 'evento ausente' | 'fora de ordem' | 'carimbo não confere' | 'arquivo alterado';

export interface AuditBreak {
  uuid: string;
  identificacao: string;
  /** The event's position in the chain (for a file: the position of the event that recorded it, 0 for the message's attachments). */
  posicao: number;
  tipo: BreakKind;
  detalhe: string;
}

export interface AuditSummary {
  mensagens: number;
  eventos: number;
  carimbos: number;
  semCarimbo: number;
  arquivos: number;
  quebras: number;
  segundos: number;
}

const PAGE = 500;

export async function auditEvidence(
  db: Kysely<DB>,
  deps: { tsa: EvidenceTsa; storage: FileStorage },
  filter: AuditFilter,
  onBreak: (b: AuditBreak) => void,
): Promise<AuditSummary> {
  const started = performance.now();
  const s: AuditSummary = { mensagens: 0, eventos: 0, carimbos: 0, semCarimbo: 0, arquivos: 0, quebras: 0, segundos: 0 };
  const files = fileChecker(deps.storage);
  const tokens = tokenChecker(deps.tsa.trusted);
  const report = (b: AuditBreak) => {
    s.quebras++;
    onBreak(b);
  };
  let after = 0;
  for (;;) {
    const messages = await messagePage(db, after, PAGE, filter);
    if (messages.length === 0) break;
    after = Number(messages.at(-1)?.ema_uni_codigo);
    const events = await eventsOfPage(
      db,
      messages.map((m) => Number(m.ema_uni_codigo)),
    );
    let i = 0;
    for (const msg of messages) {
      const id = Number(msg.ema_uni_codigo);
      const own: ((typeof events)[number] & StoredEvent)[] = [];
      while (i < events.length && Number(events[i]?.cod_email) === id) own.push(events[i++] as (typeof events)[number] & StoredEvent);
      s.mensagens++;
      s.eventos += own.length;
      const where = { uuid: msg.ema_uni_id, identificacao: msg.ema_uni_identificacao };
      const chain = chainReport(id, msg as unknown as CheckedMessage, own);
      if (chain.firstBroken) {
        const { evt_seq, reason } = chain.firstBroken;
        report({ ...where, posicao: evt_seq, tipo: kindOf(reason, own, evt_seq), detalhe: reason });
      }
      for (const ev of own) {
        if (!ev.car_token) {
          s.semCarimbo++;
          continue;
        }
        s.carimbos++;
        // The stamp covers the hash of the event's fields as stored now, with the previous hash it stores.
        const hash = recomputeEventHash(msg.ema_uni_id, ev, ev.evt_hash_anterior);
        const problems = await tokens.problems(new Uint8Array(ev.car_token), hash);
        if (problems.length) report({ ...where, posicao: ev.evt_seq, tipo: 'carimbo não confere', detalhe: problems.join('; ') });
      }
      for (const f of filesOf(msg, own)) {
        s.arquivos++;
        const problem = await files.check(f.chave, f.sha256);
        if (problem) report({ ...where, posicao: f.posicao, tipo: 'arquivo alterado', detalhe: `${f.nome}: ${problem}` });
      }
    }
    if (filter.message) break;
  }
  s.segundos = (performance.now() - started) / 1000;
  return s;
}

/** The kind of a chain's first break, from chain-check.ts's reason. */
function kindOf(reason: string, events: StoredEvent[], seq: number): BreakKind {
  if (reason.includes('removido(s) do fim') || reason.startsWith('sequência')) return 'evento ausente';
  if (reason.includes('hash anterior')) {
    // Its predecessor's hash is in the chain, at another place: the events were moved.
    const ev = events.find((e) => e.evt_seq === seq);
    return ev && events.some((o) => o.evt_hash === ev.evt_hash_anterior) ? 'fora de ordem' : 'evento ausente';
  }
  return 'evento alterado';
}

interface RecordedFile {
  nome: string;
  chave: string;
  sha256: string;
  posicao: number;
}

type PageMessage = Awaited<ReturnType<typeof messagePage>>[number];

/** The stored files whose SHA-256 the evidence records: attachments (message hash), a call's recording, a letter's PDF and digital AR. */
function filesOf(msg: PageMessage, events: StoredEvent[]): RecordedFile[] {
  const out: RecordedFile[] = [];
  for (const a of msg.ema_uni_attachments?.attachments ?? [])
    if (a.pathS3 && a.sha256) out.push({ nome: `anexo ${a.originalFilename}`, chave: a.pathS3, sha256: a.sha256, posicao: 0 });
  for (const ev of events) {
    const d = ev.evt_detalhes as { gravacao?: { sha256?: string; arquivo?: string }; pdfSha256?: string; arSha256?: string } | null;
    if (d?.gravacao?.sha256 && d.gravacao.arquivo)
      out.push({ nome: 'gravação da chamada', chave: d.gravacao.arquivo, sha256: d.gravacao.sha256, posicao: ev.evt_seq });
    if (d?.pdfSha256 && msg.pdf_chave && d.pdfSha256 === msg.pdf_sha256)
      out.push({ nome: 'PDF da carta', chave: msg.pdf_chave, sha256: d.pdfSha256, posicao: ev.evt_seq });
    if (d?.arSha256 && msg.ar_chave && d.arSha256 === msg.ar_sha256)
      out.push({ nome: 'AR digital', chave: msg.ar_chave, sha256: d.arSha256, posicao: ev.evt_seq });
  }
  return out;
}

/**
 * Hashes stored files by streaming them; a file many messages share (a batch's attachment) is read
 * once: the last 2,000 answers are remembered (bounded, so memory stays flat).
 */
function fileChecker(storage: FileStorage) {
  const seen = new Map<string, string | null>();
  return {
    async check(key: string, sha256: string): Promise<string | null> {
      let got = seen.get(key);
      if (got === undefined) {
        const file = await storage.open(key).catch(() => null);
        if (!file) got = null;
        else {
          const hash = createHash('sha256');
          for await (const chunk of file.stream) hash.update(chunk as Buffer);
          got = hash.digest('hex');
        }
        seen.set(key, got);
        if (seen.size > 2000) seen.delete(seen.keys().next().value as string);
      }
      if (got === null) return 'arquivo não encontrado no armazenamento';
      return got === sha256 ? null : `SHA-256 ${got} onde a evidência registra ${sha256}`;
    },
  };
}

/** The summary line every caller prints. */
export const summaryLine = (s: AuditSummary) =>
  `Auditoria de evidências: ${s.mensagens} mensagens, ${s.eventos} eventos, ${s.carimbos} carimbos, ${s.arquivos} arquivos verificados; ` +
  `${s.semCarimbo} eventos ainda sem carimbo; ${s.quebras} ${s.quebras === 1 ? 'quebra' : 'quebras'} (${s.segundos.toFixed(1)} s)`;

export const breakLine = (b: AuditBreak) => `QUEBRA mensagem ${b.uuid} (${b.identificacao}) posição ${b.posicao}: ${b.tipo} — ${b.detalhe}`;
