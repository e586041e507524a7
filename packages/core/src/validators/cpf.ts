/** Only the digits of a typed document or phone ("529.982.247-25" → "52998224725"). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

function cpfCheckDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * A CPF with valid check digits, with or without the mask ###.###.###-##. Sequences of one
 * repeated digit (111.111.111-11...) pass the arithmetic but are not issued, so they are refused.
 */
export function isCpf(value: string): boolean {
  if (!/^[\d.\-\s]*$/.test(value)) return false;
  const digits = digitsOf(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigit(digits, 9) === Number(digits[9]) && cpfCheckDigit(digits, 10) === Number(digits[10]);
}

/** ###.###.###-## of whatever digits there are (also while typing). */
export function formatCpf(value: string): string {
  return applyMask(digitsOf(value), '###.###.###-##');
}

/** Fills `#` slots of a mask with the characters given, stopping where they run out. */
export function applyMask(chars: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= chars.length) break;
    if (slot === '#') out += chars[i++];
    else out += slot;
  }
  return out;
}
