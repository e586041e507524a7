import { formatCep, LETTER_LIMITS } from '@ar/core';

/** The letter's address as the form holds it (core's letterAddress checks it). */
export interface LetterDraft {
  nome: string;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
}

export const emptyLetter = (): LetterDraft => ({
  nome: '',
  endereco: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  estado: '',
  cep: '',
});

/**
 * The letter's address filled from a saved recipient (lea_endereco, lea_cidade, lea_estado,
 * lea_cep): the registry has no number, district or complement, so those stay to be typed.
 */
export function letterFromLead(
  lead: { lea_nome: string; lea_endereco?: string | null; lea_cidade?: string | null; lea_estado?: string | null; lea_cep?: string | null },
  current: LetterDraft,
): LetterDraft {
  return {
    ...current,
    nome: lead.lea_nome.slice(0, LETTER_LIMITS.nome),
    endereco: (lead.lea_endereco ?? '').slice(0, LETTER_LIMITS.endereco),
    cidade: (lead.lea_cidade ?? '').slice(0, LETTER_LIMITS.cidade),
    estado: lead.lea_estado ?? '',
    cep: lead.lea_cep ? formatCep(lead.lea_cep) : '',
  };
}
