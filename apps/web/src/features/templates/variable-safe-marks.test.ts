import { describe, expect, it } from 'vitest';
import { BOLD_STAR_INPUT, BOLD_STAR_PASTE, ITALIC_STAR_INPUT, ITALIC_STAR_PASTE } from './variable-safe-marks.ts';

const matches = (re: RegExp, text: string) => {
  re.lastIndex = 0;
  return re.test(text);
};

describe('markdown shortcuts around template variables', () => {
  it('still turn *text* and **text** into italic and bold', () => {
    expect(matches(ITALIC_STAR_INPUT, 'um *aviso*')).toBe(true);
    expect(matches(BOLD_STAR_INPUT, 'um **aviso**')).toBe(true);
    expect(matches(ITALIC_STAR_PASTE, 'um *aviso* colado')).toBe(true);
  });

  it('leave a variable typed or pasted by hand as text', () => {
    expect(matches(ITALIC_STAR_INPUT, 'Seu CPF é *|CPF|*')).toBe(false);
    expect(matches(ITALIC_STAR_INPUT, '*|NOME|*')).toBe(false);
    expect(matches(ITALIC_STAR_INPUT, '*|NOME|* e *|CPF|*')).toBe(false);
    expect(matches(BOLD_STAR_INPUT, '**|CPF|**')).toBe(false);
    expect(matches(ITALIC_STAR_PASTE, 'Prezado *|NOME|*, seu CPF *|CPF|*')).toBe(false);
    expect(matches(BOLD_STAR_PASTE, 'x **|CPF|** y')).toBe(false);
  });
});
