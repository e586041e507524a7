import { formatCnpj, isCnpj, normalizeCnpj } from './cnpj.ts';
import { digitsOf, formatCpf, isCpf } from './cpf.ts';

/** A person's or a company's document: a valid CPF, or a valid CNPJ (numeric or alphanumeric). */
export const isCpfOrCnpj = (value: string) => isCpf(value) || isCnpj(value);

/**
 * The mask while typing: ###.###.###-## up to 11 digits, ##.###.###/####-## beyond that or as soon
 * as a letter appears (the alphanumeric CNPJ).
 */
export function formatCpfOrCnpj(value: string): string {
  const chars = normalizeCnpj(value).replace(/[^0-9A-Z]/g, '');
  return /[A-Z]/.test(chars) || chars.length > 11 ? formatCnpj(chars) : formatCpf(digitsOf(chars));
}
