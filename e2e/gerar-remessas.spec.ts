import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { closeAlert, expectAlert, login, sessionToken } from './support.ts';

/*
 * Gerar Remessas (spec 002 §2, §5; docs/gerar-remessas.md): a model CSV and the user's own .xlsx,
 * mapped, saved as a data transport, turned into the batch CSV and sent to the batch upload; the
 * transport loaded again over a sheet whose header differs.
 */

const MODEL =
  'ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO;VENCIMENTO;VALOR1;VALOR2;VALOR3;VALOR4;TOTAL\r\n1;Oi;Fulano;f@exemplo.com.br;1;;;;;;\r\n';
const SHEET_HEADER = ['CPF', 'NOME', 'EMAIL', 'ASSUNTO', 'VENCIMENTO', 'VALOR1', 'VALOR2', 'VALOR3', 'TOTAL'];

async function xlsx(rows: unknown[][], sheets = 1): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dados');
  for (const row of rows) ws.addRow(row);
  ws.getColumn(5).numFmt = 'dd/mm/yyyy';
  for (let i = 1; i < sheets; i++) wb.addWorksheet(`Aba ${i + 1}`).addRow(['x']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const modelInput = (page: Page) => page.locator('input[type=file][accept^=".csv"]');
const sheetInput = (page: Page) => page.locator('input[type=file][accept^=".xlsx"]');
const column = (page: Page, field: string) => page.getByRole('textbox', { name: `Coluna da planilha para ${field}` });
async function pick(page: Page, field: string, option: string) {
  await column(page, field).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(column(page, field)).toHaveValue(option);
}
async function openTransportes(page: Page) {
  await page.getByRole('button', { name: 'Carregar modelo' }).click();
  return page.getByRole('dialog', { name: 'Transportes dos Dados' });
}

test('a sheet turned into the batch layout, the mapping saved and loaded again over another sheet', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('button', { name: 'Remessas' }).click();
  await page.getByRole('menuitem', { name: 'Gerar arquivo de remessas' }).click();
  await expect(page).toHaveURL(/\/gerar-remessas$/);

  // Empty: no field, both messages, nothing to load.
  await expect(page.getByTestId('mapping-table')).toContainText('Nenhum registro encontrado');
  await expect(page.getByTestId('need-planilha')).toHaveText('* Selecione pelo menos um item da coluna de planilha');
  await expect(page.getByTestId('need-remessa')).toHaveText('* Selecione pelo menos um item da coluna de remessa');
  await expect(page.getByRole('button', { name: 'Carregar modelo' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Agrupar colunas sequenciadas' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'A planilha tem cabeçalho' })).toBeChecked();

  // The model's refusals, then the model.
  await modelInput(page).setInputFiles({ name: 'virgula.csv', mimeType: 'text/csv', buffer: Buffer.from('ID,ASSUNTO,MODELO\r\n') });
  await expectAlert(page, 'Atenção', /^Atenção os arquivos devem usar ponto e vírgula ";" como elemento separador/);
  await closeAlert(page);
  await modelInput(page).setInputFiles({ name: 'branco.csv', mimeType: 'text/csv', buffer: Buffer.from('\r\n  \r\n') });
  await expectAlert(page, 'Erro', 'Houve um erro na importação, arquivo em branco');
  await closeAlert(page);
  await modelInput(page).setInputFiles({ name: 'modelo.csv', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from(MODEL) });
  await expect(page.getByTestId('mapping-row')).toHaveCount(8);
  await expect(page.getByTestId('mapping-row').nth(6)).toContainText('VALOR 1 até 4');
  await expect(page.getByTestId('need-remessa')).toHaveCount(0);

  // The sheet's refusals: not a spreadsheet, an old .xls, two sheets.
  await sheetInput(page).setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expectAlert(page, 'Arquivo inválido', 'Erro no formato do arquivo');
  await closeAlert(page);
  await sheetInput(page).setInputFiles({
    name: 'antiga.xls',
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
  });
  await expectAlert(page, 'Arquivo inválido', /^Planilhas \.xls \(Excel 97-2003\) não são aceitas/);
  await closeAlert(page);
  await sheetInput(page).setInputFiles({ name: 'abas.xlsx', mimeType: XLSX_TYPE, buffer: await xlsx([SHEET_HEADER], 2) });
  await expectAlert(page, 'Arquivo inválido', /uma única aba; este arquivo tem 2/);
  await closeAlert(page);

  const rows = [
    SHEET_HEADER,
    ['11111111111', 'Ana Souza', 'ana@exemplo.com.br', 'Cobrança', day(2026, 12, 10), 100, 250.5, null, 350.5],
    ['22222222222', '=Bruno', 'bruno@exemplo.com.br', 'Cobrança', day(2027, 1, 5), 1234.56, null, null, 1234.56],
    ['11111111111', 'Ana Souza', 'ana@exemplo.com.br', 'Cobrança', day(2026, 12, 20), 80, null, null, 80],
  ];
  // 'Carregar modelo' says why it waits, until there is a sheet to compare a saved model with.
  await expect(page.getByRole('button', { name: 'Carregar modelo' })).toBeDisabled();
  await expect(page.getByTestId('carregar-modelo-motivo')).toHaveText(
    'Escolha a planilha primeiro: um modelo salvo é comparado com as colunas dela.',
  );
  await sheetInput(page).setInputFiles({ name: 'clientes.xlsx', mimeType: XLSX_TYPE, buffer: await xlsx(rows) });
  await expect(page.getByTestId('sheet-summary')).toContainText('3 linha(s) de dados, 9 coluna(s)');
  await expect(page.getByTestId('carregar-modelo-motivo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Carregar modelo' })).toBeEnabled();

  await pick(page, 'ID', 'CPF');
  await expect(page.getByTestId('need-planilha')).toHaveCount(0);
  await pick(page, 'ASSUNTO', 'ASSUNTO');
  await pick(page, 'NOME_DESTINATARIO', 'NOME');
  await pick(page, 'EMAIL_DESTINATARIO', 'EMAIL');
  await pick(page, 'VENCIMENTO', 'VENCIMENTO');
  await pick(page, 'VALOR 1 até 4', 'VALOR 1 até 3 (3 colunas)');
  await pick(page, 'TOTAL', 'TOTAL');
  // The sheet has no template column: one value for every line.
  await page.getByRole('textbox', { name: 'Valor fixo de MODELO para todas as linhas' }).fill('Modelo Cobrança');
  await expect(column(page, 'MODELO')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('valor-fixo.png'), fullPage: true });

  // Without a header the columns are letters: the choices no longer exist, and come back with it.
  await page.getByRole('checkbox', { name: 'A planilha tem cabeçalho' }).uncheck();
  await expect(page.getByTestId('need-planilha')).toBeVisible();
  await column(page, 'ID').click();
  await expect(page.getByRole('option', { name: 'A', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'A planilha tem cabeçalho' }).check();
  await expect(column(page, 'ID')).toHaveValue('CPF');

  // No monetary field: the warning, and Cancelar generates nothing.
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Gerar Arquivo' }).click();
  const warning = page.getByRole('dialog', { name: 'Atenção' });
  await expect(warning.getByTestId('confirm-message')).toContainText('Nenhum campo foi marcado como "Tipo do dado monetário"');
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(warning).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Tipo do dado monetário de VALOR 1 até 4' }).check();
  await page.getByRole('checkbox', { name: 'Tipo do dado monetário de TOTAL' }).check();
  await page.getByRole('textbox', { name: 'Coluna de agrupamento' }).fill('cpf');
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Salvar transporte dos dados' }).check();
  await page.getByRole('button', { name: 'Gerar Arquivo' }).click();
  await expect(page.getByText('Informe o nome do transporte dos dados.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome do transporte' }).fill('Cobrança mensal');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Gerar Arquivo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('clientes_remessa.csv');
  const csvPath = test.info().outputPath('remessa.csv');
  await file.saveAs(csvPath);
  expect(fs.readFileSync(csvPath, 'utf8')).toBe(
    [
      'ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO;VENCIMENTO;VALOR1;VALOR2;VALOR3;VALOR4;TOTAL',
      '11111111111;Cobrança;Ana Souza;ana@exemplo.com.br;Modelo Cobrança;10/12/2026;R$ 100,00;R$ 250,50;R$ 80,00;;R$ 350,50',
      "22222222222;Cobrança;'=Bruno;bruno@exemplo.com.br;Modelo Cobrança;05/01/2027;R$ 1.234,56;;;;R$ 1.234,56",
      '',
    ].join('\r\n'),
  );
  expect(downloads).toBe(1);
  await expect(page.getByTestId('generated-summary')).toHaveText('Arquivo clientes_remessa.csv gerado com 2 linha(s).');
  await expect(page.getByText('Transporte dos Dados salvo com sucesso!')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Atualizar o transporte dos dados "Cobrança mensal"' })).not.toBeChecked();

  // Straight to the batch upload, without downloading and choosing the file again.
  await page.getByRole('button', { name: 'Enviar para Processamento de Arquivos' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Upload Realizado!' });
  await expect(uploaded.getByTestId('alert-message')).toHaveText('Sua remessa foi enviada e está sendo processada.');
  await uploaded.getByRole('button').first().click();
  const token = await sessionToken(page);
  const listed = async () => {
    let names: string[] = [];
    for (const tipo of ['sucesso', 'falha']) {
      const res = await page.request.get(`/v2/remessas?tipo=${tipo}&searchTerm=clientes_remessa`, {
        headers: { authorization: `Bearer ${token}` },
      });
      names = names.concat(((await res.json()).data as { rem_nome: string }[]).map((r) => r.rem_nome));
    }
    return names;
  };
  await expect.poll(listed).toEqual(['clientes_remessa.csv']);

  // Another day: the same model, a sheet with another header; the transport warns, then loads.
  await page.reload();
  await expect(page.getByTestId('mapping-table')).toContainText('Nenhum registro encontrado');
  await modelInput(page).setInputFiles({ name: 'modelo.csv', mimeType: 'text/csv', buffer: Buffer.from(MODEL) });
  const other = [
    [...SHEET_HEADER.slice(0, 8), 'OBS'],
    ['333', 'Carla', 'c@exemplo.com.br', 'Aviso', day(2026, 3, 1), 1, 2, 3, 'x'],
  ];
  await sheetInput(page).setInputFiles({ name: 'outra.xlsx', mimeType: XLSX_TYPE, buffer: await xlsx(other) });
  await expect(page.getByTestId('sheet-summary')).toContainText('1 linha(s) de dados');

  let modal = await openTransportes(page);
  const row = modal.getByTestId('transporte-row').filter({ hasText: 'Cobrança mensal' });
  await row.getByRole('button', { name: 'Carregar' }).click();
  const differs = page.getByRole('dialog', { name: 'Atenção' });
  await expect(differs.getByTestId('confirm-message')).toContainText('O cabeçalho do modelo escolhido não é igual');
  await differs.getByRole('button', { name: 'CANCELAR' }).click();
  await expect(column(page, 'ID')).toHaveValue('');
  await row.getByRole('button', { name: 'Carregar' }).click();
  await differs.getByRole('button', { name: 'PROSSEGUIR' }).click();
  await expect(modal).toHaveCount(0);
  await expect(column(page, 'ID')).toHaveValue('CPF');
  await expect(column(page, 'VALOR 1 até 4')).toHaveValue('VALOR 1 até 3 (3 colunas)');
  await expect(column(page, 'TOTAL')).toHaveValue(''); // the new sheet has no TOTAL
  await expect(page.getByRole('checkbox', { name: 'Tipo do dado monetário de TOTAL' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Coluna de agrupamento' })).toHaveValue('cpf');
  await expect(page.getByRole('checkbox', { name: 'Atualizar o transporte dos dados "Cobrança mensal"' })).toBeVisible();

  // Removal, confirmed.
  modal = await openTransportes(page);
  await modal.getByTestId('transporte-row').filter({ hasText: 'Cobrança mensal' }).getByRole('button', { name: 'Remover' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(confirmation).toContainText('Deseja continuar com a ação de exclusão?');
  await confirmation.getByRole('button', { name: 'Sim' }).click();
  const removed = page.getByRole('dialog', { name: 'Exclusão' });
  await expect(removed.getByTestId('alert-message')).toHaveText('Transporte dos Dados removido com sucesso!');
  await removed.getByRole('button').first().click();
  await expect(modal.getByTestId('transportes-table')).toContainText('Nenhum registro encontrado');
});
