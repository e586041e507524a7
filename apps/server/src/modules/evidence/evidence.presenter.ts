import { createHash } from 'node:crypto';
import { brasiliaDateTime, EVIDENCE_MSG, type ValidarCarimboResult } from '@ar/core';
import type { StampValidation } from './evidence.service.ts';
import { OID } from './tsa/pki.ts';

/** dd/MM/yyyy HH:mm:ss in Brasília time. */
const brasilia = (d: Date) => brasiliaDateTime(d, { seconds: true });

/** The validator's answer (spec 002 §7): valid or why not, who stamped which hash when, in plain Portuguese. */
export function presentStampValidation({ tokenDer, hashHex, check, isBuiltin, event }: StampValidation): ValidarCarimboResult {
  const p = check.parsed;
  const isValid = check.problems.length === 0;
  return {
    token: createHash('sha256').update(tokenDer).digest('hex'),
    valido: isValid,
    mensagem:
      isValid && p
        ? `${EVIDENCE_MSG.valid(brasilia(p.genTime), p.tsaName)}${isBuiltin ? ` ${EVIDENCE_MSG.builtinWarning}` : ''}`
        : `${EVIDENCE_MSG.invalid} ${check.problems[0]}`,
    carimbadoPor: p?.tsaName ?? null,
    dataHora: p?.genTime.toISOString() ?? null,
    dataHoraBrasilia: p ? brasilia(p.genTime) : null,
    hashCarimbado: p?.imprintHex ?? null,
    hashInformado: hashHex,
    algoritmo: p ? (p.imprintAlgorithm === OID.sha256 ? 'SHA-256' : p.imprintAlgorithm) : null,
    serial: p?.serialHex ?? null,
    politica: p?.policy ?? null,
    tsaEmbutida: isBuiltin,
    verificacoes: { assinatura: check.isSignatureValid, cadeiaCertificados: check.isChainValid, hash: check.isHashCovered },
    problemas: check.problems,
    evento: event ? { canal: event.evt_canal, tipo: event.evt_tipo, ocorridoEm: new Date(event.evt_data).toISOString() } : null,
  };
}
