import { applyMask, digitsOf, formatCnpj, formatCpf } from '@ar/core';

/** Input masks of spec 000 §5, applied as the person types. */
export const maskCpf = formatCpf;
/** ##.###.###/####-##; letters are kept in the first 12 positions (alphanumeric CNPJ). */
export const maskCnpj = formatCnpj;
export const maskDate = (value: string) => applyMask(digitsOf(value).slice(0, 8), '##/##/####');
/** (##) #####-#### for mobiles, (##) ####-#### for landlines. */
export function maskPhone(value: string): string {
  const digits = digitsOf(value).slice(0, 11);
  return applyMask(digits, digits.length > 10 ? '(##) #####-####' : '(##) ####-####');
}
