import { applyMask, digitsOf } from './cpf.ts';

/**
 * The CEP (Código de Endereçamento Postal): 8 digits, written #####-###. The Correios' ranges
 * run from 01000-000 (São Paulo) to 99999-999 (Rio Grande do Sul): nothing begins with 00.
 */
export const CEP_MASK = '#####-###';

/** Whether `value` (with or without the hyphen or dots) is a CEP. */
export function isCep(value: string): boolean {
  const trimmed = value.trim();
  if (!/^(\d{5}-?\d{3}|\d{2}\.\d{3}-\d{3})$/.test(trimmed)) return false;
  return Number(digitsOf(trimmed)) >= 1_000_000;
}

/** #####-### of the digits there are (also while typing). */
export const formatCep = (value: string) => applyMask(digitsOf(value).slice(0, 8), CEP_MASK);
