/**
 * UPU S10 item identifiers (UPU standard S10): the tracking code of a registered postal item, as
 * the Correios print it on a registered letter and on the AR — 13 characters:
 *
 *   RA 47312482 9 BR
 *   │  │        │ └ the issuing post's ISO 3166-1 alpha-2 country code ('BR' for the Correios)
 *   │  │        └ the check digit over the serial number
 *   │  └ the serial number, 8 digits
 *   └ the service indicator, 2 letters (R…: registered letter)
 *
 * The check digit: each serial digit times 8 6 4 2 3 5 9 7, summed; 11 − (sum mod 11), where 10
 * becomes 0 and 11 becomes 5.
 */
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;
const S10 = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;

/** The check digit of an 8-digit serial number; throws for anything else (a programming error). */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new RangeError(`an S10 serial number has 8 digits: ${serial}`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * (WEIGHTS[i] as number);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export interface S10Parts {
  service: string;
  serial: string;
  checkDigit: number;
  country: string;
}

/**
 * The parts of an S10 code whose check digit is right (null otherwise). Spaces are dropped and
 * letters upper-cased first, as the code is often printed "RA 473 124 829 BR".
 */
export function parseS10(code: string): S10Parts | null {
  const m = S10.exec(code.replace(/\s/g, '').toUpperCase());
  if (!m) return null;
  const [, service, serial, check, country] = m as unknown as [string, string, string, string, string];
  if (s10CheckDigit(serial) !== Number(check)) return null;
  return { service, serial, checkDigit: Number(check), country };
}

/**
 * Whether `code` is a valid S10 code of `country` ('BR' by default: the letters the product sends
 * are posted in Brazil; null accepts any country).
 */
export function isS10(code: string, country: string | null = 'BR'): boolean {
  const parts = parseS10(code);
  return parts !== null && (country === null || parts.country === country);
}

/** The code as it is stored and shown: 13 characters, no spaces, upper case. */
export const normalizeS10 = (code: string) => code.replace(/\s/g, '').toUpperCase();
