/** Input masks of the recipient form: the digits typed, limited and laid out on a pattern. */
export function maskDigits(value: string, pattern: string): string {
  const max = pattern.split('').filter((c) => c === '#').length;
  const digits = value.replace(/\D/g, '').slice(0, max);
  let out = '';
  let i = 0;
  for (const c of pattern) {
    if (i >= digits.length) break;
    if (c === '#') out += digits[i++];
    else out += c;
  }
  return out;
}

export const MASKS = {
  lea_cpf: '###.###.###-##',
  lea_celular: '(##) #####-####',
  lea_cep: '#####-###',
  lea_cnpj: '##.###.###/####-##',
  lea_nascimento: '##/##/####',
} as const;

/** Landlines: (##) ####-#### up to 10 digits, with the country code +## in front up to 12. */
export function maskTelefone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 12);
  return d.length <= 10 ? maskDigits(d, '(##) ####-####') : maskDigits(d, '+## (##) ####-####');
}
