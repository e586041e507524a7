import { digitsOf } from './cpf.ts';

/**
 * The unified number of a judicial process, NNNNNNN-DD.AAAA.J.TR.OOOO (CNJ Resolution 65/2008):
 * sequence, check digits, year the process began, segment of the judiciary (1–9), court, and the
 * originating unit. The check digits are ISO 7064 mod 97-10 over the other 18 digits: DD = 98 −
 * (NNNNNNN AAAA J TR OOOO 00 mod 97), so that the 20 digits with DD moved to the end are ≡ 1 mod 97.
 */
export const CNJ_MASK = '#######-##.####.#.##.####';
const CNJ_FORMAT = /^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/;

/** The two check digits for the 18 other digits, in the order sequence, year, segment, court, origin. */
export function cnjCheckDigits(sequence: string, year: string, segment: string, court: string, origin: string): string {
  const rest = BigInt(`${sequence}${year}${segment}${court}${origin}00`) % 97n;
  return String(98n - rest).padStart(2, '0');
}

export type CnjProblem = 'format' | 'segment' | 'checkDigits';

/** Why a CNJ number is not valid (null: it is). Accepts the 20 digits with or without the mask. */
export function cnjProblem(value: string): CnjProblem | null {
  const trimmed = value.trim();
  const digits = digitsOf(trimmed);
  if (digits.length !== 20 || !(CNJ_FORMAT.test(trimmed) || /^\d{20}$/.test(trimmed))) return 'format';
  const [sequence, dd, year, segment, court, origin] = [
    digits.slice(0, 7),
    digits.slice(7, 9),
    digits.slice(9, 13),
    digits.slice(13, 14),
    digits.slice(14, 16),
    digits.slice(16, 20),
  ];
  // Segments 1 (STF) to 9 (state military courts); 0 is not a segment.
  if (segment === '0') return 'segment';
  return cnjCheckDigits(sequence, year, segment, court, origin) === dd ? null : 'checkDigits';
}

export const isCnjNumber = (value: string) => cnjProblem(value) === null;

/** NNNNNNN-DD.AAAA.J.TR.OOOO of whatever digits there are (also while typing). */
export function formatCnj(value: string): string {
  let out = '';
  let i = 0;
  const digits = digitsOf(value).slice(0, 20);
  for (const slot of CNJ_MASK) {
    if (i >= digits.length) break;
    out += slot === '#' ? digits[i++] : slot;
  }
  return out;
}
