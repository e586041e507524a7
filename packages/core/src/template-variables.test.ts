import { describe, expect, it } from 'vitest';
import { LEAD_MSG, leadBody } from './contracts/leads.ts';
import { csvTemplate, previewCsvRows } from './contracts/leads-csv.ts';
import { applyTemplateVariables, formatCustomVariable, newCustomVariable } from './template-variables.ts';

const processo = { id: 'cf_PROCESSO', description: 'Processo', value: '*|PROCESSO|*' };

describe('applyTemplateVariables', () => {
  const lead = {
    lea_nome: 'Maria',
    lea_email: 'maria@example.com',
    lea_nascimento: '1990-03-07',
    lea_cidade: null,
    lea_custom_field: { data: [{ id: 'cf_PROCESSO', value: '123/2026', description: 'Processo', href: '*|PROCESSO|*' }] },
  };

  it('replaces built-in variables, dates shown dd/MM/yyyy', () => {
    expect(applyTemplateVariables('Olá *|NOME|* <*|EMAIL|*>, nascida em *|DATA_NASCIMENTO|*', lead)).toBe(
      'Olá Maria <maria@example.com>, nascida em 07/03/1990',
    );
  });

  it('replaces custom variables with the recipient value', () => {
    expect(applyTemplateVariables('Processo *|PROCESSO|*', lead, { customFields: [processo] })).toBe('Processo 123/2026');
  });

  it('empties missing built-in and known custom fields, keeps unknown placeholders', () => {
    const other = { lea_nome: 'João' };
    expect(applyTemplateVariables('[*|CIDADE|*][*|PROCESSO|*][*|OUTRA|*]', other, { customFields: [processo] })).toBe('[][][*|OUTRA|*]');
  });

  it('escapes values inside HTML', () => {
    expect(applyTemplateVariables('<p>*|NOME|*</p>', { lea_nome: '<img src=x onerror=alert(1)>' }, { html: true })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });
});

describe('custom variables', () => {
  it('formats the typed name', () => {
    expect(formatCustomVariable('  número do processo! ')).toBe('*|NUMERO_DO_PROCESSO|*');
  });
  it('refuses empty and existing names with the spec messages', () => {
    expect(newCustomVariable('!!', [])).toEqual({ error: LEAD_MSG.variableEmpty });
    expect(newCustomVariable('nome', [])).toEqual({ error: LEAD_MSG.variableExists });
    expect(newCustomVariable('Processo', [processo])).toEqual({ error: LEAD_MSG.variableExists });
    expect(newCustomVariable('Vara Cível', [])).toEqual({
      field: { id: 'cf_VARA_CIVEL', description: 'Vara Cível', value: '*|VARA_CIVEL|*' },
    });
  });
});

describe('CSV preview', () => {
  it('separates valid and invalid rows and skips blank ones', () => {
    const rows = [
      ['NOME', 'EMAIL', 'CPF', 'PROCESSO'],
      ['Ana', 'ana@example.com', '123.456.789-01', 'P1'],
      [''],
      ['', 'x@example.com', '', ''],
      ['Bia', 'nao-e-email', '', ''],
    ];
    const preview = previewCsvRows(rows, [processo]);
    expect(preview.valid).toHaveLength(1);
    expect(preview.valid[0]?.lead).toMatchObject({ lea_nome: 'Ana', lea_cpf: '12345678901' });
    expect(preview.valid[0]?.lead.lea_custom_field.data[0]).toMatchObject({ value: 'P1', href: '*|PROCESSO|*' });
    expect(preview.invalid.map((r) => r.line)).toEqual([4, 5]);
  });
  it('rejects unknown headers and rows with missing columns', () => {
    expect(() =>
      previewCsvRows(
        [
          ['NOME', 'FOO'],
          ['a', 'b'],
        ],
        [],
      ),
    ).toThrow(LEAD_MSG.headerInvalid);
    expect(() => previewCsvRows([['NOME', 'EMAIL'], ['a']], [])).toThrow(LEAD_MSG.columnsMismatch);
    expect(() => previewCsvRows([['NOME', 'EMAIL']], [])).toThrow(LEAD_MSG.columnsMismatch);
  });
  it('writes the template with NOME and EMAIL first', () => {
    expect(csvTemplate(['CPF', 'EMAIL'])).toBe('NOME;EMAIL;CPF\r\n');
  });
  it('validates recipient limits', () => {
    expect(leadBody.safeParse({ lea_nome: 'A', lea_email: 'a@example.com', lea_celular: '1199999999' }).error?.issues[0]?.message).toBe(
      LEAD_MSG.celular,
    );
    expect(leadBody.parse({ lea_nome: 'A', lea_email: 'a@example.com', lea_nascimento: '31/12/1999', lea_estado: '' })).toMatchObject({
      lea_nascimento: '1999-12-31',
      lea_estado: null,
    });
  });
});
