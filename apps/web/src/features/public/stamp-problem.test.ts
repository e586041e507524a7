import { describe, expect, it } from 'vitest';
import { stampProblem } from './stamp-problem.ts';

describe('Validar carimbo', () => {
  it("says what is missing in the spec's words, WhatsApp's in its own", () => {
    expect(stampProblem({ carimbo: null, hashAssinado: 'ab' }, 'email', false)).toBe(
      'Erro ao validar carimbo do email: Carimbo não encontrado',
    );
    expect(stampProblem({ carimbo: null, hashAssinado: 'ab' }, 'leitura SMS', false)).toBe(
      'Erro ao validar carimbo do leitura SMS: Carimbo não encontrado',
    );
    expect(stampProblem({ carimbo: 'MII=', hashAssinado: '' }, 'SMS', false)).toBe('Erro ao validar carimbo do SMS: Hash não encontrado');
    expect(stampProblem({ carimbo: null, hashAssinado: 'ab' }, 'WhatsApp envio', true)).toBe(
      'Erro ao validar carimbo do WhatsApp envio: Carimbo do WhatsApp não encontrado',
    );
    expect(stampProblem({ carimbo: 'MII=', hashAssinado: '' }, 'WhatsApp resposta', true)).toBe(
      'Erro ao validar carimbo do WhatsApp resposta: Hash do WhatsApp não encontrado',
    );
    expect(stampProblem({ carimbo: 'MII=', hashAssinado: 'ab' }, 'WhatsApp leitura', true)).toBeNull();
  });
});
