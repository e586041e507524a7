import { describe, expect, it } from 'vitest';
import { labelNameKey } from './labels.ts';

describe('labelNameKey', () => {
  it('makes names that differ only in case, accents or spacing the same', () => {
    expect(labelNameKey('Jurídico')).toBe('juridico');
    expect(labelNameKey(' JURÍDICO ')).toBe('juridico');
    expect(labelNameKey('Juri\u0301dico')).toBe('juridico');
    expect(labelNameKey('Ação  Urgente')).toBe('acao urgente');
  });

  it('keeps different names different', () => {
    expect(labelNameKey('Jurídico 2')).not.toBe(labelNameKey('Jurídico'));
    expect(labelNameKey('Cobrança')).not.toBe(labelNameKey('Cobranças'));
  });
});
