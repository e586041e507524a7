import { describe, expect, it } from 'vitest';
import { composeBody, EMAIL_MSG } from './emails.ts';
import { isBrazilianDate, OFICIO_MSG, oficioProblems, oficioRows, oficioSchema, oficioSearchText, renderOficioHtml } from './oficio.ts';

const base = {
  numeroProcesso: '0000832-35.2018.4.01.3202',
  numeroCnj: '00008323520184013202',
  comarca: 'Manaus',
  vara: '1ª Vara Federal',
  requerentes: [
    { nome: 'Ana Souza', documento: '52998224725' },
    { nome: 'Empresa <Beta> & Cia', documento: '11222333000181' },
  ],
  executados: [{ nome: 'Carlos Lima', documento: '' }],
  finalidade: 'Intimação para pagamento.\nPrazo legal.',
  numeroOficio: '123/2026',
  valorDebito: 1234.5,
  dataInclusao: '29/02/2024',
  prazo: 15,
  multa: 0,
};

describe('ofício', () => {
  it('normalises the CNJ number and the documents to their masks', () => {
    const o = oficioSchema.parse(base);
    expect(o.numeroCnj).toBe('0000832-35.2018.4.01.3202');
    expect(o.requerentes.map((p) => p.documento)).toEqual(['529.982.247-25', '11.222.333/0001-81']);
    expect(o.requeridos).toEqual([]);
    expect(o.procedimento).toBe('');
  });

  it('requires process number, comarca, vara, purpose and notice number', () => {
    const problems = oficioProblems({
      ...base,
      numeroProcesso: ' ',
      comarca: '',
      vara: undefined,
      finalidade: '',
      numeroOficio: '',
    } as never);
    expect(problems).toMatchObject({
      numeroProcesso: OFICIO_MSG.numeroProcessoRequired,
      comarca: OFICIO_MSG.comarcaRequired,
      vara: OFICIO_MSG.varaRequired,
      finalidade: OFICIO_MSG.finalidadeRequired,
      numeroOficio: OFICIO_MSG.numeroOficioRequired,
    });
  });

  it('refuses a CNJ number with a changed digit, a bad document, a false date and negative money', () => {
    const problems = oficioProblems({
      ...base,
      numeroCnj: '0000832-36.2018.4.01.3202',
      requeridos: [{ nome: 'X', documento: '529.982.247-24' }],
      dataInclusao: '31/02/2026',
      valorDebito: -1,
      prazo: 1.5,
    });
    expect(problems).toEqual({
      numeroCnj: OFICIO_MSG.cnjCheckDigits,
      'requeridos.0.documento': OFICIO_MSG.partyDocument,
      dataInclusao: OFICIO_MSG.dataInclusao,
      valorDebito: OFICIO_MSG.moneyNegative,
      prazo: OFICIO_MSG.prazo,
    });
    expect(oficioProblems({ ...base, numeroCnj: '123' }).numeroCnj).toBe(OFICIO_MSG.cnjFormat);
  });

  it('knows real dates', () => {
    expect(isBrazilianDate('29/02/2024')).toBe(true);
    expect(isBrazilianDate('29/02/2025')).toBe(false);
    expect(isBrazilianDate('2024-02-29')).toBe(false);
  });

  it('renders the notice with every value escaped, money in reais and the parties by role', () => {
    const out = renderOficioHtml(oficioSchema.parse(base));
    expect(out).toContain('Comarca de Manaus<br>1ª Vara Federal');
    expect(out).toContain('Ofício nº 123/2026');
    expect(out).toContain('Empresa &lt;Beta&gt; &amp; Cia (CNPJ 11.222.333/0001-81)');
    expect(out).toContain('Ana Souza (CPF 529.982.247-25)');
    expect(out).toContain('<strong>Executados:</strong></p><ul><li>Carlos Lima</li></ul>');
    expect(out).not.toContain('Requeridos');
    expect(out).toContain('R$ 1.234,50');
    expect(out).toContain('<strong>Multa:</strong> R$ 0,00');
    expect(out).toContain('Intimação para pagamento.<br>Prazo legal.');
    expect(out).toContain('15 dias');
    expect(out).not.toMatch(/<script|<Beta>/);
  });

  it('lists rows for display and words for search', () => {
    const o = oficioSchema.parse(base);
    expect(oficioRows(o).map((r) => r.label)).toEqual([
      'Ofício nº',
      'Processo nº',
      'Número CNJ',
      'Comarca',
      'Vara',
      'Requerentes',
      'Executados',
      'Finalidade',
      'Valor do débito',
      'Multa',
      'Data de inclusão',
      'Prazo',
    ]);
    expect(oficioSearchText(o)).toContain('00008323520184013202');
  });

  it('lets a compose payload go without a body when it carries a notice', () => {
    const payload = { destinataires: [{ to: 'a@x.com', nameTo: 'A' }], nameFrom: 'Vara', subject: 'Ofício' };
    expect(composeBody.safeParse({ ...payload, oficio: base }).success).toBe(true);
    const without = composeBody.safeParse(payload);
    expect(without.success).toBe(false);
    expect(without.error?.issues[0]?.message).toBe(EMAIL_MSG.contentRequired);
    expect(composeBody.safeParse({ ...payload, oficio: { ...base, comarca: '' } }).success).toBe(false);
  });
});
