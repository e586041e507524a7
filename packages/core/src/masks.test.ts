import { describe, expect, it } from 'vitest';
import { MASK, maskDate, maskDigits, maskMobile, maskPhone, maskTelefone, maskWhatsapp } from './masks.ts';

describe('input masks', () => {
  it('masks WhatsApp numbers with or without the country code', () => {
    expect(maskWhatsapp('11912345678')).toBe('(11) 91234-5678');
    expect(maskWhatsapp('5511912345678')).toBe('+55 (11) 91234-5678');
  });

  it('lays the digits typed so far on the pattern, dropping the rest', () => {
    expect(maskDigits('529.982', MASK.cpf)).toBe('529.982');
    expect(maskDigits('01310-100 ap 5', MASK.cep)).toBe('01310-100');
    expect(maskDate('3112199912')).toBe('31/12/1999');
    expect(maskMobile('119123456789')).toBe('(11) 91234-5678');
  });

  it('tells mobiles from landlines and landlines with the country code', () => {
    expect(maskPhone('1132345678')).toBe('(11) 3234-5678');
    expect(maskPhone('11912345678')).toBe('(11) 91234-5678');
    expect(maskTelefone('1132345678')).toBe('(11) 3234-5678');
    expect(maskTelefone('551132345678')).toBe('+55 (11) 3234-5678');
  });
});
