import { describe, expect, it } from 'vitest';
import { cnjCheckDigits, cnjProblem, formatCnj, isCnjNumber } from './cnj.ts';
import { formatCpfOrCnpj, isCpfOrCnpj } from './document.ts';

// Numbers in the unified format of CNJ Resolution 65/2008 as courts publish them (state court of
// São Paulo, federal regional court of the 1st region, labour court of the 2nd region...).
const VALID = ['0000832-35.2018.4.01.3202', '0007652-12.2022.8.26.0224', '1234567-47.2023.8.26.0100', '1001234-88.2023.8.26.0100'];

describe('CNJ unified process number', () => {
  it('accepts numbers whose check digits are right, with or without the mask', () => {
    for (const n of VALID) {
      expect(cnjProblem(n)).toBeNull();
      expect(isCnjNumber(n.replace(/\D/g, ''))).toBe(true);
    }
  });

  it('computes the check digits by ISO 7064 mod 97-10', () => {
    expect(cnjCheckDigits('0000832', '2018', '4', '01', '3202')).toBe('35');
    expect(cnjCheckDigits('0007652', '2022', '8', '26', '0224')).toBe('12');
    // The 20 digits with DD moved to the end are ≡ 1 (mod 97).
    expect(BigInt('000083220184013202' + '35') % 97n).toBe(1n);
  });

  it('refuses any single changed digit', () => {
    const n = '0000832-35.2018.4.01.3202';
    for (let i = 0; i < n.length; i++) {
      if (!/\d/.test(n[i] as string)) continue;
      const changed = n.slice(0, i) + String((Number(n[i]) + 1) % 10) + n.slice(i + 1);
      if (changed[16] === '0') continue; // segment 0 answers its own problem
      expect(cnjProblem(changed), changed).toBe('checkDigits');
    }
  });

  it('refuses other formats and segment 0', () => {
    expect(cnjProblem('0000832-35.2018.4.01')).toBe('format');
    expect(cnjProblem('0000832-35-2018-4-01-3202')).toBe('format');
    expect(cnjProblem('0000832-35.2018.4.01.3202x')).toBe('format');
    const seg0 = `1234567-${cnjCheckDigits('1234567', '2023', '0', '26', '0100')}.2023.0.26.0100`;
    expect(cnjProblem(seg0)).toBe('segment');
  });

  it('masks what is typed', () => {
    expect(formatCnj('00008323520184013202')).toBe('0000832-35.2018.4.01.3202');
    expect(formatCnj('000083235')).toBe('0000832-35');
  });
});

describe('CPF or CNPJ of a party', () => {
  it('accepts a CPF, a numeric CNPJ and an alphanumeric CNPJ', () => {
    expect(isCpfOrCnpj('529.982.247-25')).toBe(true);
    expect(isCpfOrCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCpfOrCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCpfOrCnpj('529.982.247-24')).toBe(false);
    expect(isCpfOrCnpj('11.222.333/0001-80')).toBe(false);
  });

  it('masks as CPF up to 11 digits and as CNPJ beyond or with letters', () => {
    expect(formatCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfOrCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfOrCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
});
