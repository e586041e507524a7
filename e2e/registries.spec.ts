import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { login, sessionToken } from './support.ts';

const DELETE_QUESTION = 'Deseja continuar com a ação de exclusão?';

/** A call to the API with the page's session, to prepare data quickly. */
async function apiAs(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const token = await sessionToken(page);
  const res = await page.request.fetch(`/v2${url}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

async function signIn(page: Page, email: string, to: string) {
  await login(page, email);
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto(to);
}

const footer = (page: Page) => page.getByTestId('table-footer');
const search = async (page: Page, term: string) => {
  await page.getByLabel('Pesquisar', { exact: true }).fill(term);
  await page.getByLabel('Pesquisar', { exact: true }).press('Enter');
};
const confirmDeletion = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(dialog.getByText(DELETE_QUESTION)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sim' }).click();
};
/** The warning 'Aviso' above the import modal: its text, then closed (the modal stays). */
async function expectWarning(page: Page, message: string) {
  const alert = page.getByRole('dialog', { name: 'Aviso' });
  await expect(alert.getByTestId('alert-message')).toHaveText(message);
  await alert.getByRole('button').first().click();
  await expect(alert).toHaveCount(0);
}
function tmpFile(name: string, content: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reg-')), name);
  fs.writeFileSync(file, content);
  return file;
}

test('labels: create with the colour rule, page, sort, search, edit and delete', async ({ page }) => {
  await signIn(page, 'usuario@demo.local', '/cadastros/etiquetas');
  await expect(page.getByPlaceholder('Pesquisar por ID ou Nome')).toBeVisible();

  await page.getByRole('button', { name: 'Nova Etiqueta' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova Etiqueta' });
  await modal.getByLabel(/^Nome/).fill('Urgente');
  const color = modal.getByLabel(/^Cor/);
  await expect(color).toHaveValue('#194d33');
  // A pasted colour that is not #rrggbb: the spec's error and the default colour.
  await color.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text', 'vermelho');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(modal.getByText('Cor inválida, tente outra cor!')).toBeVisible();
  await expect(color).toHaveValue('#194d33');
  await color.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text', '#AA0000');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(color).toHaveValue('#aa0000');
  // Static modal: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Etiqueta incluída com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: /Urgente/ })).toContainText('#aa0000');

  for (let i = 1; i <= 11; i++)
    await apiAs(page, 'POST', '/etiquetas', { eti_nome: `Etiqueta ${String(i).padStart(2, '0')}`, eti_cor: '#336699' });
  await page.reload();
  await expect(footer(page)).toHaveText('Mostrando de 1 até 10 de 12 registros');
  await expect(page.getByRole('row').nth(1)).toContainText('Urgente');
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(footer(page)).toHaveText('Mostrando de 11 até 12 de 12 registros');
  await page.getByRole('button', { name: 'Nome' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Etiqueta 01');
  await page.getByRole('button', { name: 'Nome' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Urgente');

  await search(page, 'urg');
  await expect(footer(page)).toHaveText('Mostrando de 1 até 1 de 1 registros');
  await page.getByRole('button', { name: 'Editar Urgente' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Etiqueta' });
  await expect(edit.getByLabel(/^Nome/)).toHaveValue('Urgente');
  await edit.getByLabel(/^Nome/).fill('Muito urgente');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Etiqueta atualizada com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: /Muito urgente/ })).toBeVisible();

  await page.getByRole('button', { name: 'Excluir Muito urgente' }).click();
  await confirmDeletion(page);
  await expect(page.getByText('Etiqueta removida com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
});

test('whitelist: Enter does not submit, invalid e-mail cannot be saved, edit, search and delete', async ({ page }) => {
  await signIn(page, 'pos@demo.local', '/cadastros/whitelist');
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Nova Whitelist' });
  const email = modal.getByLabel(/^E-mail/);
  await email.fill('nao-e-email');
  await expect(modal.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await email.fill('parceiro@example.com');
  await email.press('Enter');
  await page.waitForTimeout(800);
  await expect(modal).toBeVisible();
  await expect(page.getByText('Cadastro efetuado com sucesso!')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro efetuado com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: /parceiro@example.com/ })).toBeVisible();

  await apiAs(page, 'POST', '/whitelist', { whi_email: 'outro@example.com' });
  await page.reload();
  await search(page, 'parceiro');
  await expect(footer(page)).toHaveText('Mostrando de 1 até 1 de 1 registros');
  await page.getByRole('button', { name: 'Editar parceiro@example.com' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Whitelist' });
  await edit.getByLabel(/^E-mail/).fill('parceiro2@example.com');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro atualizado com sucesso!')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
  await expect(footer(page)).toHaveText('Mostrando de 1 até 2 de 2 registros');
  await page.getByRole('button', { name: 'Excluir parceiro2@example.com' }).click();
  await confirmDeletion(page);
  await expect(page.getByText('WhiteList removido com sucesso!')).toBeVisible();
  await expect(footer(page)).toHaveText('Mostrando de 1 até 1 de 1 registros');
});

test('recipients: form with masks, custom variable, edit, search and delete', async ({ page }) => {
  await signIn(page, 'gerente@demo.local', '/cadastros/destinatarios');
  await expect(page.getByPlaceholder('Pesquisar por ID, Nome ou E-mail')).toBeVisible();

  await page.getByRole('button', { name: 'Campo Customizado' }).click();
  const cf = page.getByRole('dialog', { name: 'Campo Customizado' });
  const varName = cf.getByLabel('Nome da variável');
  await varName.fill('!!!');
  await cf.getByRole('button', { name: 'Adicionar' }).click();
  await expect(cf.getByText('Variável não pode ser vazia')).toBeVisible();
  await varName.fill('cpf');
  await cf.getByRole('button', { name: 'Adicionar' }).click();
  await expect(cf.getByText('Variável já cadastrada')).toBeVisible();
  await varName.fill('Número do Processo');
  await expect(cf.getByText('Variável: *|NUMERO_DO_PROCESSO|*')).toBeVisible();
  await cf.getByRole('button', { name: 'Adicionar' }).click();
  await cf.getByRole('button', { name: 'Salvar' }).click();
  await expect(cf).toHaveCount(0);

  await page.getByRole('button', { name: 'Novo Destinatário' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Destinatário' });
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Maria Souza');
  await form.getByLabel('CPF').fill('12345678901999');
  await expect(form.getByLabel('CPF')).toHaveValue('123.456.789-01');
  await form.getByLabel('Celular').fill('11988887777');
  await expect(form.getByLabel('Celular')).toHaveValue('(11) 98888-7777');
  await form.getByLabel('CEP').fill('01001000');
  await expect(form.getByLabel('CEP')).toHaveValue('01001-000');
  await form.getByLabel('Data de nascimento').fill('07031990');
  await expect(form.getByLabel('Data de nascimento')).toHaveValue('07/03/1990');
  await form.getByLabel('Número do Processo').fill('0001234-55.2026');
  await expect(form.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('maria@example.com');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro efetuado com sucesso!')).toBeVisible();

  await page.getByRole('button', { name: 'Editar Maria Souza' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Destinatário' });
  await expect(edit.getByLabel('CPF')).toHaveValue('123.456.789-01');
  await expect(edit.getByLabel('Data de nascimento')).toHaveValue('07/03/1990');
  await expect(edit.getByLabel('Número do Processo')).toHaveValue('0001234-55.2026');
  await edit.getByRole('textbox', { name: 'Nome', exact: true }).fill('Maria S. Lima');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro atualizado com sucesso!')).toBeVisible();

  await search(page, 'maria@');
  await expect(page.getByRole('row', { name: /Maria S\. Lima/ })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir Maria S. Lima' }).click();
  await confirmDeletion(page);
  await expect(page.getByText('Lead removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
});

test('recipients: CSV import preview, wrong header and file type, template downloaded and re-imported', async ({ page }) => {
  await signIn(page, 'admin@demo.local', '/cadastros/destinatarios');
  await page.getByRole('button', { name: 'Importar Destinatários' }).click();
  const modal = page.getByRole('dialog', { name: 'Importar Destinatários' });
  const input = modal.locator('input[type=file]');

  await input.setInputFiles({ name: 'lista.txt', mimeType: 'text/plain', buffer: Buffer.from('NOME;EMAIL\nA;a@example.com\n') });
  await expectWarning(page, 'Arquivo inválido / Erro no formato do arquivo');
  await input.setInputFiles({ name: 'errado.csv', mimeType: 'text/csv', buffer: Buffer.from('NOME;EMAIL;TIME\nA;a@example.com;x\n') });
  await expectWarning(page, 'O arquivo de importação não está conforme o esperado.');
  await input.setInputFiles({ name: 'faltando.csv', mimeType: 'text/csv', buffer: Buffer.from('NOME;EMAIL;CIDADE\nA;a@example.com\n') });
  await expectWarning(page, 'Houve um erro na importação, arquivo em branco ou faltando colunas');
  await input.setInputFiles({
    name: 'ruins.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('NOME;EMAIL\n;a@example.com\nB;b-sem-arroba\n'),
  });
  await expectWarning(page, 'Não foi encontrado nenhum registro válido!');
  await expect(modal.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  const csv =
    'NOME;EMAIL;CPF;CIDADE\r\nAna Souza;ana@example.com;123.456.789-01;Recife\r\n\r\nSem Email;;;\r\nBruno;bruno@example.com;;Natal\r\n;x@example.com;;\r\nCarla;carla.example.com;;\r\n\r\n';
  await input.setInputFiles({ name: 'destinatarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(modal.getByTestId('valid-count')).toHaveText('Válidos: 2');
  await expect(modal.getByTestId('invalid-count')).toHaveText('Inválidos: 3');
  await expect(modal.getByTestId('invalid-row')).toHaveCount(3);
  await modal.getByRole('button', { name: 'Importar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(confirm.getByTestId('import-confirm')).toContainText(
    'Serão importados 2 destinatário(s) válido(s); 3 registro(s) inválido(s)',
  );
  await confirm.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Destinatário(s) cadastrado(s) com Sucesso!')).toBeVisible();
  await expect(footer(page)).toHaveText('Mostrando de 1 até 2 de 2 registros');

  // The template: NOME and EMAIL always selected, plus CIDADE; then filled in and imported.
  await page.getByRole('button', { name: 'Importar Destinatários' }).click();
  await page.getByRole('button', { name: 'Baixar modelo' }).click();
  const pick = page.getByRole('dialog', { name: 'Baixar modelo de importação' });
  await expect(pick.getByLabel('NOME', { exact: true })).toBeChecked();
  await expect(pick.getByLabel('EMAIL', { exact: true })).toBeDisabled();
  await pick.getByLabel('CIDADE', { exact: true }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), pick.getByRole('button', { name: 'Baixar' }).click()]);
  expect(download.suggestedFilename()).toBe('DESTINATARIOS.csv');
  const template = fs.readFileSync(await download.path(), 'utf8');
  expect(template).toBe('NOME;EMAIL;CIDADE\r\n');
  const filled = tmpFile('DESTINATARIOS.csv', `${template}Daniel;daniel@example.com;Olinda\r\n`);
  await page.getByRole('dialog', { name: 'Importar Destinatários' }).locator('input[type=file]').setInputFiles(filled);
  await expect(page.getByTestId('valid-count')).toHaveText('Válidos: 1');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Destinatário(s) cadastrado(s) com Sucesso!').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Daniel/ })).toBeVisible();
  await expect(footer(page)).toHaveText('Mostrando de 1 até 3 de 3 registros');
});

const RED_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAI0lEQVR4nO3NMQ0AAAwDoPo33Wro8QsKkJmKJ5PJZDKZ/JtcJmkN7YVeX+AAAAAASUVORK5CYII=';

test('templates: image saved and reopened intact, page forms, status search and delete', async ({ page }) => {
  await signIn(page, 'admin@demo.local', '/cadastros/modelos');
  await expect(page.getByPlaceholder('Pesquisar por ID ou Nome, Status ou Data')).toBeVisible();
  await page.getByRole('button', { name: 'Novo Modelo', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Novo Modelo' });
  await expect(modal.getByLabel('Modelo ativado')).toHaveCount(0);
  await modal.getByLabel(/^Nome/).fill('Cobrança');
  await modal.getByLabel(/^Assunto/).fill('s'.repeat(100));
  await expect(modal.getByLabel(/^Assunto/)).toHaveValue('s'.repeat(80));
  await modal.getByLabel(/^Assunto/).fill('Aviso para *|NOME|*');
  await modal.locator('.tiptap').click();
  await page.keyboard.type('Prezado cliente, segue aviso.');
  await modal
    .getByTestId('template-image-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(RED_PNG, 'base64') });
  await expect(modal.locator('.tiptap img')).toHaveCount(1);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Modelo cadastrado com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: /Cobrança/ });
  await expect(row).toContainText('Ativado');

  await page.getByRole('button', { name: 'Editar Cobrança' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Modelo' });
  await expect(edit.locator('.tiptap img')).toHaveAttribute('src', `data:image/png;base64,${RED_PNG}`);
  await expect(edit.locator('.tiptap')).toContainText('Prezado cliente, segue aviso.');
  await edit.getByLabel('Modelo ativado').uncheck();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Modelo atualizado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Desativado');

  // The full page: subject up to 180.
  await page.getByRole('link', { name: 'Novo Modelo (página)' }).click();
  await expect(page).toHaveURL(/\/cadastros\/modelos\/add$/);
  await page.getByLabel(/^Nome/).fill('Notificação longa');
  await page.getByLabel(/^Assunto/).fill('a'.repeat(180));
  await page.locator('.tiptap').click();
  await page.keyboard.type('Corpo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastros\/modelos$/);
  await expect(page.getByRole('row', { name: /Notificação longa/ })).toBeVisible();
  const saved = await apiAs(page, 'GET', '/modelos?searchTerm=longa');
  await page.goto(`/cadastros/modelos/edit/${saved.modelos[0].mod_codigo}`);
  await expect(page.getByLabel(/^Assunto/)).toHaveValue('a'.repeat(180));
  await expect(page.getByLabel('Modelo ativado')).toBeChecked();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await search(page, 'Desativado');
  await expect(footer(page)).toHaveText('Mostrando de 1 até 1 de 1 registros');
  await page.getByRole('button', { name: 'Excluir Cobrança' }).click();
  await confirmDeletion(page);
  await expect(page.getByText('Modelo removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
});

test('templates: script and onerror never survive, neither saved nor shown', async ({ page }) => {
  await signIn(page, 'usuario@demo.local', '/cadastros/modelos');
  await page.evaluate(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  const html = '<p>Olá</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><p onclick="window.__xss = 3">fim</p>';
  const created = await apiAs(page, 'POST', '/modelos', { mod_name: 'Perigoso', mod_subject: 'x', mod_content: html });
  expect(created.modelo.mod_content).not.toMatch(/script|onerror|onclick/i);
  await page.reload();
  await page.evaluate(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  await page.getByRole('button', { name: 'Editar Perigoso' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Modelo' });
  await expect(edit.locator('.tiptap')).toContainText('Olá');
  await expect(edit.locator('.tiptap')).toContainText('fim');
  expect(await edit.locator('.tiptap').innerHTML()).not.toMatch(/onerror|onclick|<script/i);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
});
