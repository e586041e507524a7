import { applyMask } from './cpf.ts';

/**
 * CNPJ, numeric or alphanumeric. Since July 2026 the Receita Federal issues CNPJs whose first 12
 * characters may be letters or digits (the last 2, the check digits, stay numeric). The check
 * digits are computed over each character's ASCII code minus 48 — so digits keep their value and
 * 'A' counts 17 — with the usual modulo-11 weights. A numeric CNPJ is the special case.
 */
const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, ...WEIGHTS_1];

/** Uppercase, without the mask's dots, slash, dash and spaces: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  // 00.000.000/0000-00 and other single-character sequences are not issued.
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj, WEIGHTS_1);
  const second = checkDigit(cnpj.slice(0, 12) + first, WEIGHTS_2);
  return cnpj.endsWith(`${first}${second}`);
}

/** ##.###.###/####-## of the characters typed so far (letters allowed in the first 12). */
export function formatCnpj(value: string): string {
  const chars = normalizeCnpj(value)
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  return applyMask(chars, '##.###.###/####-##');
}
