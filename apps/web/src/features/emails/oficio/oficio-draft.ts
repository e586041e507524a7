import { OFICIO_PARTY_ROLES, type OficioInput, type OficioPartyRole, oficioProblems } from '@ar/core';

/** One party row of the form: who, and the CPF or CNPJ as typed. */
export interface PartyDraft {
  key: string;
  nome: string;
  documento: string;
}

/** The ofício form as the compose screen holds it (spec 001 §2.12): texts as typed, money and days as numbers or blank. */
export interface OficioDraft {
  numeroProcesso: string;
  numeroCnj: string;
  comarca: string;
  vara: string;
  requerentes: PartyDraft[];
  requeridos: PartyDraft[];
  exequentes: PartyDraft[];
  executados: PartyDraft[];
  finalidade: string;
  numeroOficio: string;
  procedimento: string;
  valorDebito: number | '';
  dataInclusao: string;
  prazo: number | '';
  multa: number | '';
}

let keySeq = 0;
export function emptyParty(): PartyDraft {
  keySeq += 1;
  return { key: `p${Date.now().toString(36)}${keySeq}`, nome: '', documento: '' };
}

export function emptyOficio(): OficioDraft {
  return {
    numeroProcesso: '',
    numeroCnj: '',
    comarca: '',
    vara: '',
    requerentes: [],
    requeridos: [],
    exequentes: [],
    executados: [],
    finalidade: '',
    numeroOficio: '',
    procedimento: '',
    valorDebito: '',
    dataInclusao: '',
    prazo: '',
    multa: '',
  };
}

const orNull = (v: number | '') => (v === '' ? null : v);

/** The `oficio` of the compose payload; core's schema validates it here and on the server alike. */
export function toOficioInput(d: OficioDraft): OficioInput {
  const parties = (role: OficioPartyRole) => d[role].map((p) => ({ nome: p.nome.trim(), documento: p.documento.trim() }));
  return {
    numeroProcesso: d.numeroProcesso.trim(),
    numeroCnj: d.numeroCnj.trim(),
    comarca: d.comarca.trim(),
    vara: d.vara.trim(),
    requerentes: parties('requerentes'),
    requeridos: parties('requeridos'),
    exequentes: parties('exequentes'),
    executados: parties('executados'),
    finalidade: d.finalidade.trim(),
    numeroOficio: d.numeroOficio.trim(),
    procedimento: d.procedimento.trim(),
    valorDebito: orNull(d.valorDebito),
    dataInclusao: d.dataInclusao.trim(),
    prazo: orNull(d.prazo),
    multa: orNull(d.multa),
  };
}

/** Each unmet rule of the form by field path ('requerentes.0.documento'), from core's schema. */
export const oficioDraftProblems = (d: OficioDraft) => oficioProblems(toOficioInput(d));

/** A draft read back from session storage is only trusted when it has the form's shape. */
export function isOficioDraft(value: unknown): value is OficioDraft {
  const d = value as OficioDraft | null;
  return !!d && typeof d === 'object' && typeof d.numeroProcesso === 'string' && OFICIO_PARTY_ROLES.every((r) => Array.isArray(d[r]));
}
