import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { closeAlert, expectAlert, login } from './support.ts';

// Reports and bulk proofs as a manager of the demo administration would use them (spec 002 §2):
// the administrator's demo history (messages of today) is what they cover.
test.describe.configure({ mode: 'serial' });

/** Today as the date picker shows it, in Brasília. */
const today = () => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', day: 'numeric' }).format(new Date()));

async function pickDay(page: Page, label: string, day: number, monthsBack = 0) {
  await page.getByLabel(label).click();
  for (let i = 0; i < monthsBack; i++)
    await page.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="previous"]').click();
  const cell = page.locator('.mantine-DatePickerInput-day:not([data-outside])').getByText(String(day), { exact: true });
  // A range of one day: the same day twice.
  await cell.click();
  await cell.click();
  await expect(page.locator('.mantine-DatePickerInput-dropdown'))
    .toBeHidden({ timeout: 3000 })
    .catch(() => page.keyboard.press('Escape'));
}

test('Relatórios: the spec messages, an xlsx and a csv opened as a person would', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Relatórios' }).click();
  await page.getByRole('menuitem', { name: 'Gerar Relatórios' }).click();
  await expect(page).toHaveURL(/\/reports$/);

  await page.getByRole('button', { name: 'Gerar' }).click();
  await expectAlert(page, 'Aviso!', 'Selecione um período');
  await closeAlert(page);
  await pickDay(page, 'Período', today());
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expectAlert(page, 'Aviso!', 'Selecione um tipo de Relatório');
  await closeAlert(page);

  // The administrator is offered the entity report; xlsx is the default format.
  await page.getByRole('textbox', { name: 'Tipo de Relatório' }).click();
  await page.getByRole('option', { name: 'Enviados por Entidade' }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gerar' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^relatorio-enviados-entidade_\d\d-\d\d-\d{4}_\d\d-\d\d-\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['Enviados por Entidade', 'Resumo por Entidade']);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 4)).toEqual(['Entidade', 'Usuário', 'Login', 'Protocolo']);
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(sheet.getRow(2).getCell(header.indexOf('Criada em') + 1).value).toBeInstanceOf(Date);
  expect(sheet.getRow(2).getCell(1).value).toBe('Demo Pré-pago');

  await page.getByRole('textbox', { name: 'Tipo de Relatório' }).click();
  await page.getByRole('option', { name: 'Enviados', exact: true }).click();
  await page.getByLabel('CSV (;)').check();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gerar' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = fs.readFileSync(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('Protocolo;Identificador;Identificação;Assunto;Nº do processo;Nº CNJ;');
  expect(text).toContain('Destinatário');
  expect(text).not.toMatch(/Ã§|Ã£|Ã©/);
  expect(text.split('\r\n').length).toBeGreaterThan(2);

  // A day without messages: 'Ausência de Dados!'.
  await pickDay(page, 'Período', 1, 2);
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expectAlert(page, 'Aviso', 'Ausência de Dados!');
});

test('Gerar Comprovantes: in processing, the notification and the badge without a reload, the PDF read and a QR code decoded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Relatórios' }).click();
  await page.getByRole('menuitem', { name: 'Gerar Comprovantes' }).click();
  await expect(page).toHaveURL(/\/reports\/proofs$/);
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expectAlert(page, 'Aviso!', 'Selecione um período');
  await closeAlert(page);

  await pickDay(page, 'Período', today());
  await expect(page.getByLabel('Nome do comprovante')).toHaveAttribute(
    'placeholder',
    /^Comprovantes de \d\d\/\d\d\/\d{4} até \d\d\/\d\d\/\d{4}$/,
  );
  // A name of its own, so a repeated run finds its own row.
  const name = `Comprovantes do dia ${Date.now().toString(36)}`;
  await page.getByLabel('Nome do comprovante').fill(name);
  // Each state the new row is drawn in, recorded as the page draws it: a proof of a few messages
  // can be ready before a poll of the screen would catch it in processing.
  await page.evaluate((n) => {
    const seen: string[] = [];
    (window as unknown as { proofStates: string[] }).proofStates = seen;
    new MutationObserver(() => {
      const tr = [...document.querySelectorAll('tr')].find((r) => r.textContent?.includes(n));
      const text = tr?.textContent ?? '';
      const state = !tr
        ? ''
        : text.includes('Em processamento')
          ? 'processando'
          : text.includes('Falha')
            ? 'falha'
            : tr.querySelector('[aria-label^="Baixar"]')
              ? 'pronto'
              : 'outro';
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, name);
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(page.getByText('Em processamento...').first()).toBeVisible();
  const row = page.getByRole('row', { name });
  await expect(row).toBeVisible();
  const states = () => page.evaluate(() => (window as unknown as { proofStates: string[] }).proofStates);
  await expect.poll(states).toContain('processando');
  expect((await states())[0]).toBe('processando');

  // Ready: the notification arrives by the socket, the row offers the download, the menu counts it.
  await expect(page.getByText('Comprovante pronto')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByRole('button', { name: `Baixar ${name}` })).toBeVisible();
  await expect(page.getByTestId('nav-badge').first()).toBeVisible();
  expect(await states()).toEqual(['processando', 'pronto']);
  await expect(row.getByLabel('Comprovante novo')).toBeVisible();

  // Cleared from the bell: the row's badge goes with the menu's, without a reload.
  await page.getByRole('button', { name: /^Notificações: \d+ nova/ }).click();
  await expect(page.getByTestId('notification').filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar todas' }).click();
  await expect(page.getByRole('button', { name: 'Notificações: nenhuma nova' })).toBeVisible();
  await expect(row.getByLabel('Comprovante novo')).toHaveCount(0);
  await expect(page.getByTestId('nav-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Baixar ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${name.replaceAll(' ', '-')}.pdf`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-e2e-proofs-'));
  try {
    const pdf = path.join(dir, 'c.pdf');
    fs.copyFileSync(await download.path(), pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Comprovantes de Envio');
    expect(text).toContain(name);
    expect(text).toMatch(/Protocolo nº \d+/);
    // The second page is the first message's proof: its QR code is the public page.
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '2', '-l', '2', pdf, path.join(dir, 'p')]);
    const image = fs.readdirSync(dir).find((f) => f.endsWith('.png')) ?? '';
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, image)));
    const qr = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    expect(qr?.data).toMatch(/\/emails\/info\/public\/[0-9a-f-]{36}$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // A proof downloaded raises nothing again (a download of a proof still new clears its
  // notification: bulk-proofs.test.ts).
  await expect(page.getByTestId('nav-badge')).toHaveCount(0);
});
