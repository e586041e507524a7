import { describe, expect, it } from 'vitest';
import { tsaLabel } from './evidence.ts';

describe('tsaLabel', () => {
  it("shows the built-in TSA's name of older certificates with its accent", () => {
    expect(tsaLabel('AR Online TSA embutida (nao credenciada ICP-Brasil)')).toBe('AR Online TSA embutida (não credenciada ICP-Brasil)');
    expect(tsaLabel('AR Online TSA embutida (não credenciada ICP-Brasil)')).toBe('AR Online TSA embutida (não credenciada ICP-Brasil)');
    expect(tsaLabel('ACT Exemplo')).toBe('ACT Exemplo');
    expect(tsaLabel(null)).toBeNull();
  });
});
