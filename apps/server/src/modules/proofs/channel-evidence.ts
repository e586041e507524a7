import {
  LETTER_PROOF_STATUS_TYPES,
  type LetterAddress,
  type LetterProof,
  letterAddressLines,
  type ProofFile,
  type ProofStep,
  STATUS_LABELS,
  type StatusType,
} from '@ar/core';
import { brasilia, fileSize, utc } from './format.ts';
import type { ProofEvent } from './proofs.queries.ts';

/**
 * What AR-Voz and AR-Carta add to the documents of a message (docs/proofs.md): the steps of their
 * way that are not statuses, and the files they chained by SHA-256 (the call's recording, the
 * letter's PDF, the digital AR), each with the event that chained it and that event's stamp.
 */

type Details = Record<string, unknown>;
const details = (e: ProofEvent): Details => (e.evt_detalhes ?? {}) as Details;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The name a step shows by (as the sent detail's panels: emails.presenter.ts stepLabel). */
export function stepName(e: ProofEvent): string | null {
  if (e.evt_tipo !== 'processed') return null;
  const etapa = str(details(e).etapa);
  if (!etapa) return null;
  return etapa === 'aceite do provedor' ? 'Aceito pelo provedor' : etapa.charAt(0).toUpperCase() + etapa.slice(1);
}

/**
 * How the product learned of a step when not from the provider's own signed callback: 'via consulta
 * ao provedor' for a letter's step taken from the tracking sweep's answer (docs/letters.md).
 */
const learnedBy = (d: Details) => str(d.via) && `via ${str(d.via)}`;

/** What the evidence of a step says besides its name: the try, the provider's id, the reason a try failed, where a letter was. */
function stepDetail(e: ProofEvent): string | null {
  const d = details(e);
  const accepted = d.etapa === 'aceite do provedor';
  const parts = [
    (accepted || str(d.resultado)) && num(d.tentativa) !== undefined && `tentativa ${num(d.tentativa)}`,
    accepted && str(d.provedor) && `provedor ${str(d.provedor)}`,
    accepted && str(d.idProvedor) && `id ${str(d.idProvedor)}`,
    str(d.motivo),
    str(d.agendadaPara) && `nova tentativa às ${brasilia(str(d.agendadaPara) as string)}`,
    str(d.rastreio) && `rastreio ${str(d.rastreio)}`,
    str(d.local),
    learnedBy(d),
  ];
  return parts.filter(Boolean).join(' — ') || null;
}

/** A channel's steps that are not statuses, in chain order, each with its event's hash. */
export function channelSteps(events: ProofEvent[], canal: string): ProofStep[] {
  const steps: ProofStep[] = [];
  for (const e of events) {
    if (e.evt_canal !== canal) continue;
    const label = stepName(e);
    if (!label) continue;
    steps.push({ label, dateTime: utc(e.evt_data), dataHoraBrasilia: brasilia(e.evt_data), detalhe: stepDetail(e), hash: e.evt_hash });
  }
  return steps;
}

function fileOf(e: ProofEvent, nome: string, sha256: string, detalhe: string | null): ProofFile {
  return {
    nome,
    sha256,
    detalhe,
    registradoEm: utc(e.evt_data),
    registradoEmBrasilia: brasilia(e.evt_data),
    hashEvento: e.evt_hash,
    carimbo: e.car_gen_time ? { dataHora: utc(e.car_gen_time), dataHoraBrasilia: brasilia(e.car_gen_time), tsa: e.car_tsa } : null,
  };
}

/** AR-Voz's recordings (one a try that was answered), from the events that chained them (docs/voice.md). */
export function voiceFiles(events: ProofEvent[]): ProofFile[] {
  const files: ProofFile[] = [];
  for (const e of events) {
    if (e.evt_canal !== 'voz' || e.evt_tipo !== 'processed') continue;
    const g = details(e).gravacao as Details | undefined;
    const sha = str(g?.sha256);
    if (!g || !sha) continue;
    const duration = num(g.duracaoSegundos);
    const size = num(g.tamanho);
    const what = [
      str(g.tipo),
      size !== undefined && fileSize(size),
      duration !== undefined && `${duration} s`,
      num(details(e).tentativa) !== undefined && `tentativa ${num(details(e).tentativa)}`,
    ];
    files.push(fileOf(e, 'Gravação da chamada', sha, what.filter(Boolean).join(', ') || null));
  }
  return files;
}

/** AR-Carta's files: the printed letter (its SHA-256 chained with the provider's acceptance) and the digital AR (with the delivery). */
export function letterFiles(events: ProofEvent[]): ProofFile[] {
  const files: ProofFile[] = [];
  for (const e of events) {
    if (e.evt_canal !== 'carta') continue;
    const d = details(e);
    const pdf = str(d.pdfSha256);
    if (pdf && !files.some((f) => f.sha256 === pdf)) {
      const pages = num(d.paginas);
      files.push(
        fileOf(e, 'Carta (PDF)', pdf, pages !== undefined ? `PDF impresso e postado, ${pages} página(s)` : 'PDF impresso e postado'),
      );
    }
    const ar = str(d.arSha256);
    if (ar && !files.some((f) => f.sha256 === ar))
      files.push(fileOf(e, 'AR digital', ar, ['recibo assinado', str(d.arTipo)].filter(Boolean).join(', ')));
  }
  return files;
}

const failureDetail = (e: ProofEvent) => str(details(e).reasonFailure) ?? 'Falha no envio.';

/** The letter's statuses as a proof lists them: the first event of each (a failure: the last), with what the tracking said. */
function letterStatusDetail(type: (typeof LETTER_PROOF_STATUS_TYPES)[number], e: ProofEvent): string | null {
  const d = details(e);
  if (type === 'erro') return failureDetail(e);
  if (type === 'processed') return null;
  return [str(d.rastreio) && `rastreio ${str(d.rastreio)}`, str(d.local), learnedBy(d)].filter(Boolean).join(' — ') || null;
}

/** The registered letter in the proof (docs/letters.md): address, S10 code, statuses, steps and files, all from the chain. */
export function letterProof(address: LetterAddress, current: string | null, events: ProofEvent[]): LetterProof {
  const mine = events.filter((e) => e.evt_canal === 'carta');
  const status: LetterProof['status'] = [];
  for (const type of LETTER_PROOF_STATUS_TYPES) {
    const e = type === 'erro' ? mine.filter((x) => x.evt_tipo === 'erro').at(-1) : mine.find((x) => x.evt_tipo === type && !stepName(x));
    if (!e) continue;
    status.push({
      type,
      label: type === 'erro' ? 'Falha' : type === 'send' ? 'Postado' : STATUS_LABELS[type].label,
      dateTime: utc(e.evt_data),
      dataHoraBrasilia: brasilia(e.evt_data),
      detalhe: letterStatusDetail(type, e),
      hash: e.evt_hash,
    });
  }
  status.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
  const failure = status.find((s) => s.type === 'erro');
  return {
    canal: 'carta',
    nome: 'AR-Carta',
    endereco: letterAddressLines(address),
    rastreio: mine.map((e) => str(details(e).rastreio)).find(Boolean) ?? null,
    status,
    etapas: channelSteps(events, 'carta'),
    ultimoStatus:
      current && current in STATUS_LABELS ? { type: current as StatusType, label: STATUS_LABELS[current as StatusType].label } : null,
    falha: failure
      ? { motivo: failure.detalhe ?? 'Falha no envio.', dataHora: failure.dateTime, dataHoraBrasilia: failure.dataHoraBrasilia }
      : null,
    arquivos: letterFiles(events),
  };
}
