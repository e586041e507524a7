import { formatCnpj } from './validators/cnpj.ts';
import { applyMask, digitsOf, formatCpf } from './validators/cpf.ts';

/**
 * Input masks (spec 000 §5, spec 001 §5): what the person types, kept to its digits and laid out
 * on a pattern as they type. One set for every form of the web (sign-up, entities, recipients,
 * compose, ofício).
 */
export const MASK = {
  cpf: '###.###.###-##',
  cnpj: '##.###.###/####-##',
  mobile: '(##) #####-####',
  landline: '(##) ####-####',
  cep: '#####-###',
  date: '##/##/####',
} as const;

/** The digits of `value` on `pattern`'s # slots, as many as fit. */
export const maskDigits = (value: string, pattern: string): string => applyMask(digitsOf(value), pattern);

export const maskCpf = formatCpf;
/** ##.###.###/####-##; letters are kept in the first 12 positions (alphanumeric CNPJ). */
export const maskCnpj = formatCnpj;
/** dd/mm/aaaa. */
export const maskDate = (value: string) => maskDigits(value, MASK.date);

/** (##) #####-#### for mobiles, (##) ####-#### for landlines (up to 11 digits). */
export function maskPhone(value: string): string {
  const digits = digitsOf(value).slice(0, 11);
  return maskDigits(digits, digits.length > 10 ? MASK.mobile : MASK.landline);
}

/** Landlines: (##) ####-#### up to 10 digits, with the country code +## in front up to 12. */
export function maskTelefone(value: string): string {
  const digits = digitsOf(value).slice(0, 12);
  return digits.length <= 10 ? maskDigits(digits, MASK.landline) : maskDigits(digits, `+## ${MASK.landline}`);
}

/** The SMS number: a mobile, (##) #####-####. */
export const maskMobile = (value: string) => maskDigits(value, MASK.mobile);

/** WhatsApp: (##) #####-####, or +## (##) #####-#### with the country code (up to 13 digits). */
export function maskWhatsapp(value: string): string {
  const digits = digitsOf(value).slice(0, 13);
  return digits.length <= 11 ? maskDigits(digits, MASK.mobile) : maskDigits(digits, `+## ${MASK.mobile}`);
}
