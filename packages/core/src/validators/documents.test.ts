import { describe, expect, it } from 'vitest';
import { formatCnpj, isCnpj, normalizeCnpj } from './cnpj.ts';
import { formatCpf, isCpf } from './cpf.ts';

describe('isCpf', () => {
  it('accepts real CPFs with and without the mask', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '168.995.350-09', '000.000.001-91']) {
      expect(isCpf(cpf), cpf).toBe(true);
    }
  });
  it('refuses wrong check digits, wrong lengths, repeated digits and letters', () => {
    for (const cpf of [
      '529.982.247-24',
      '529.982.247-15',
      '111.444.777-53',
      '111.111.111-11',
      '000.000.000-00',
      '5299822472',
      '529982247255',
      'abc.982.247-25',
      '',
    ]) {
      expect(isCpf(cpf), cpf).toBe(false);
    }
  });
  it('formats while typing', () => {
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('isCnpj', () => {
  it('accepts real numeric CNPJs', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '00.000.000/0001-91', '33.000.167/0001-01', '60.701.190/0001-04']) {
      expect(isCnpj(cnpj), cnpj).toBe(true);
    }
  });
  it('accepts the alphanumeric CNPJ (the Receita Federal example 12.ABC.345/01DE-35), in any case', () => {
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12abc34501de35')).toBe(true);
    expect(isCnpj('ABCDEFGHIJKL80')).toBe(true);
  });
  it('refuses wrong check digits, letters in the check digits, repeated characters and wrong lengths', () => {
    for (const cnpj of [
      '11.222.333/0001-82',
      '11.222.333/0001-18',
      '12.ABC.345/01DE-36',
      '12.ABC.345/01DE-53',
      '12.ABC.345/01DE-3A',
      '00.000.000/0000-00',
      '11.111.111/1111-11',
      '1122233300018',
      '112223330001811',
      '12.AB@.345/01DE-35',
      '',
    ]) {
      expect(isCnpj(cnpj), cnpj).toBe(false);
    }
  });
  it('normalizes and formats', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12abc3')).toBe('12.ABC.3');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});
