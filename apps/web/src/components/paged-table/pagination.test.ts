import { describe, expect, it } from 'vitest';
import { footerText, pageSlots, summarizeSelection } from './pagination.ts';

describe('pageSlots', () => {
  it('lists every page when there are six or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('shows six slots from the start with an ellipsis at the end', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end']);
    expect(pageSlots(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end']);
  });
  it('centres the current page with ellipses on both sides', () => {
    expect(pageSlots(10, 20)).toEqual(['ellipsis-start', 8, 9, 10, 11, 12, 13, 'ellipsis-end']);
  });
  it('ends on the last page with an ellipsis at the start', () => {
    expect(pageSlots(20, 20)).toEqual(['ellipsis-start', 15, 16, 17, 18, 19, 20]);
    expect(pageSlots(18, 20)).toEqual(['ellipsis-start', 15, 16, 17, 18, 19, 20]);
  });
});

describe('footerText', () => {
  it('counts from the offset', () => {
    expect(footerText(0, 10, 35)).toBe('Mostrando de 1 até 10 de 35 registros');
    expect(footerText(30, 5, 35)).toBe('Mostrando de 31 até 35 de 35 registros');
  });
  it('reads zero when empty', () => {
    expect(footerText(0, 0, 0)).toBe('Mostrando de 0 até 0 de 0 registros');
  });
});

describe('summarizeSelection', () => {
  it('lists up to four', () => {
    expect(summarizeSelection(['A', 'B', 'C', 'D'])).toBe('A, B, C, D');
  });
  it("adds 'e mais N' after four", () => {
    expect(summarizeSelection(['A', 'B', 'C', 'D', 'E', 'F'])).toBe('A, B, C, D e mais 2');
  });
});
