import { describe, expect, it } from 'vitest';
import { formatCep, isCep } from './cep.ts';
import { isS10, normalizeS10, parseS10, s10CheckDigit } from './s10.ts';

// Each check digit worked out by hand with the weights 8 6 4 2 3 5 9 7:
//   47312482: 4·8+7·6+3·4+1·2+2·3+4·5+8·9+2·7 = 32+42+12+2+6+20+72+14 = 200; 200 mod 11 = 2; 11−2 = 9
//   12345678: 8+12+12+8+15+30+63+56 = 204; 204 mod 11 = 6; 11−6 = 5
//   12345671: 8+12+12+8+15+30+63+7 = 155; 155 mod 11 = 1; 11−1 = 10 → 0
//   12345674: 8+12+12+8+15+30+63+28 = 176; 176 mod 11 = 0; 11−0 = 11 → 5
//   00000008: 8·7 = 56; 56 mod 11 = 1; → 10 → 0
describe('UPU S10 tracking codes', () => {
  it('computes the check digit, with 10 → 0 and 11 → 5', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
    expect(s10CheckDigit('12345678')).toBe(5);
    expect(s10CheckDigit('12345671')).toBe(0);
    expect(s10CheckDigit('12345674')).toBe(5);
    expect(s10CheckDigit('00000008')).toBe(0);
    expect(() => s10CheckDigit('1234567')).toThrow(RangeError);
    expect(() => s10CheckDigit('1234567a')).toThrow(RangeError);
  });

  it('accepts Correios codes whose check digit is right', () => {
    for (const code of ['RA473124829BR', 'RB123456785BR', 'RC123456710BR', 'RD123456745BR', 'JT000000080BR'])
      expect(isS10(code), code).toBe(true);
    expect(parseS10('RA473124829BR')).toEqual({ service: 'RA', serial: '47312482', checkDigit: 9, country: 'BR' });
  });

  it('takes the code as printed, with spaces and in lower case', () => {
    expect(isS10('RA 473 124 829 BR')).toBe(true);
    expect(isS10('ra473124829br')).toBe(true);
    expect(normalizeS10(' ra 473 124 829 br ')).toBe('RA473124829BR');
  });

  it('refuses a wrong check digit, any single changed digit and a wrong shape', () => {
    expect(isS10('RA473124828BR')).toBe(false);
    const code = 'RA473124829BR';
    for (let i = 2; i < 10; i++) {
      const changed = code.slice(0, i) + String((Number(code[i]) + 1) % 10) + code.slice(i + 1);
      expect(isS10(changed), changed).toBe(false);
    }
    for (const bad of ['', 'RA47312482BR', 'RA4731248299BR', '1A473124829BR', 'RA473124829B1', 'RA-473124829-BR', 'RA473124829BRA'])
      expect(isS10(bad), bad).toBe(false);
  });

  it("is the Correios' (BR) unless told otherwise", () => {
    expect(isS10('RA473124829GB')).toBe(false);
    expect(isS10('RA473124829GB', 'GB')).toBe(true);
    expect(isS10('RA473124829GB', null)).toBe(true);
  });
});

describe('CEP', () => {
  it('accepts 8 digits with or without the hyphen', () => {
    expect(isCep('01310-100')).toBe(true);
    expect(isCep('01310100')).toBe(true);
    expect(isCep(' 70040-010 ')).toBe(true);
    expect(isCep('99999-999')).toBe(true);
    expect(isCep('01.310-100')).toBe(true);
  });

  it('refuses other lengths, letters and the ranges that do not exist', () => {
    for (const bad of ['', '0131010', '013101000', '01310-10a', '00999-999', '00000-000', '0131-0100', 'cep 01310-100'])
      expect(isCep(bad), bad).toBe(false);
  });

  it('formats #####-### as the digits are typed', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('01310100 ap 5')).toBe('01310-100');
  });
});
