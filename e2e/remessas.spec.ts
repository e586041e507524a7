import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, sessionToken } from './support.ts';

// The batch area as a person uses it (spec 002 §2 "Remessas page"; docs/remessas.md).

const HEADER = 'ID;ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;TELEFONE_DESTINATARIO;TIPO_ENVIO_SMS;MODELO;TELEFONE_DESTINATARIO_WHATSAPP';
/** Our optional columns for AR-Voz and AR-Carta, in the example file after the spec's. */
const EXTRA =
  'TELEFONE_DESTINATARIO_VOZ;CARTA_NOME;CARTA_ENDERECO;CARTA_NUMERO;CARTA_COMPLEMENTO;CARTA_BAIRRO;CARTA_CIDADE;CARTA_ESTADO;CARTA_CEP';

async function apiAs(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const token = await sessionToken(page);
  const res = await page.request.fetch(`/v2${url}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

function tmpFile(name: string, content: string | Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rem-')), name);
  fs.writeFileSync(file, content);
  return file;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function chooseAndSend(page: Page, file: string) {
  await page.getByRole('button', { name: 'Nova Remessa' }).click();
  const modal = dialog(page, 'Upload de Remessa');
  await expect(modal).toBeVisible();
  await modal.getByLabel('Selecionar arquivo CSV').setInputFiles(file);
  await expect(modal.getByTestId('remessa-file')).toContainText(path.basename(file));
  await modal.getByRole('button', { name: 'Enviar Remessa' }).click();
  return modal;
}

async function expectUploaded(page: Page) {
  const done = dialog(page, 'Upload Realizado!');
  await expect(done.getByText('Sua remessa foi enviada e está sendo processada.')).toBeVisible();
  // It closes by itself after 3 s.
  await expect(done).toHaveCount(0, { timeout: 8_000 });
}

async function readDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '') };
}

test('remessas: a mixed file through the modal, both tabs, details, the preview and the period report', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  // The menu item (the demo administrator accepts batch files).
  await page.getByRole('button', { name: 'Remessas' }).click();
  await page.getByRole('menuitem', { name: 'Processamento de Arquivos' }).click();
  await expect(page).toHaveURL(/\/remessas$/);
  const tpl = await apiAs(page, 'POST', '/modelos', {
    mod_name: 'Cobrança E2E',
    mod_subject: 'Aviso',
    mod_content: '<p>Olá *|NOME|*, contrato *|ID|*.</p>',
  });

  // The example file.
  await page.getByRole('button', { name: 'Nova Remessa' }).click();
  const example = await readDownload(page, () =>
    dialog(page, 'Upload de Remessa').getByRole('button', { name: 'Baixar Modelo de Exemplo' }).click(),
  );
  expect(example.name).toBe('modelo_remessa.csv');
  expect(example.text.split('\r\n')[0]).toBe(`${HEADER};${EXTRA}`);
  expect(example.text.trim().split('\r\n')).toHaveLength(2);
  await dialog(page, 'Upload de Remessa').getByRole('button', { name: 'Cancelar' }).click();

  const mixed = tmpFile(
    'clientes.csv',
    [
      HEADER,
      `E2E-1;Contrato *|ID|*;Ana Lima;ana.e2e@cliente.test;;;${tpl.modelo.mod_codigo};`,
      'E2E-2;Contrato;Bruno;bruno-sem-arroba;;;Cobrança E2E;',
      `E2E-3;Contrato;Carla;carla.e2e@cliente.test;;;Modelo inexistente;`,
    ].join('\r\n'),
  );
  await chooseAndSend(page, mixed);
  await expectUploaded(page);

  // Successes tab: the file, once (its refused lines inside it), its badge and its progress.
  const ok = page.getByRole('tab', { name: /Remessas Processadas/ });
  const failed = page.getByRole('tab', { name: /Remessas com Falha/ });
  await expect(ok.getByTestId('tab-count')).toHaveText('1', { timeout: 20_000 });
  await expect(failed.getByTestId('tab-count')).toHaveCount(0);
  const row = page.locator('tr', { hasText: 'clientes.csv' });
  await expect(row.getByText('Concluído com falhas', { exact: true })).toBeVisible({ timeout: 20_000 });
  // What each of the 3 lines is now: 1 sent (through the local mailbox), 2 refused.
  await expect(row.getByTestId(/^progresso-/)).toHaveText('0 na fila1 enviada2 falhas', { timeout: 30_000 });
  await expect(page.getByLabel('Pesquisar pelo nome do arquivo processado')).toBeVisible();
  await page.screenshot({ path: 'test-results/remessas-concluido-com-falhas.png', fullPage: true });

  // Legend of this tab: the non-error statuses, and what the progress badges count.
  await page.getByRole('button', { name: 'Legenda de status' }).click();
  await expect(page.getByTestId('status-legend').getByText('PROCESSADO_COM_SUCESSO')).toBeVisible();
  await expect(page.getByTestId('status-legend').getByText('PROCESSADO_COM_FALHAS')).toBeVisible();
  await expect(page.getByTestId('status-legend').getByText('FALHA_NA_VALIDACAO')).toHaveCount(0);
  await expect(page.getByTestId('progress-legend')).toContainText('a soma deles é o Nº Registros da remessa');
  await page.screenshot({ path: 'test-results/remessas-legenda.png', fullPage: true });
  await page.keyboard.press('Escape');

  // The preview.
  const preview = await readDownload(page, () => row.getByRole('button', { name: 'Baixar a prévia do retorno de clientes.csv' }).click());
  expect(preview.name).toBe('clientes_previa.csv');
  const lines = preview.text.trim().split('\r\n');
  expect(lines[0]).toBe(
    `${HEADER};LINHA;PROTOCOLO;STATUS_EMAIL;STATUS_SMS;STATUS_WHATSAPP;STATUS_VOZ;STATUS_CARTA;RASTREIO_CARTA;PAGINA_PUBLICA;MOTIVO_FALHA`,
  );
  expect(lines[1]).toMatch(
    /^E2E-1;.*;2;[0-9a-f-]{36};(Processado|Enviado|Entregue);Não solicitado;Não solicitado;Não solicitado;Não solicitado;;http/,
  );
  expect(lines[2]).toContain('Linha 3, coluna EMAIL_DESTINATARIO');

  // Its refused lines, from its own row.
  await row.getByRole('button', { name: /^Linhas recusadas de/ }).click();
  const details = dialog(page, 'Detalhes da Remessa');
  await expect(details.getByText('Registros tentados')).toBeVisible();
  await expect(details.getByTestId('failure-reason')).toContainText(
    'Linha 3, coluna EMAIL_DESTINATARIO: o e-mail "bruno-sem-arroba" não é válido.',
  );
  await expect(details.getByTestId('failure-reason')).toContainText(
    'Linha 4, coluna MODELO: modelo "Modelo inexistente" não encontrado ou desativado.',
  );
  await page.keyboard.press('Escape');

  // Failures tab: the search label follows; the file is not there (it went, with refused lines).
  await page.getByLabel('Pesquisar pelo nome do arquivo processado').fill('xyz');
  await failed.click();
  await expect(page.getByLabel('Pesquisar pelo nome do arquivo com falha')).toHaveValue('');
  await expect(page.getByText('Os registros das remessas com falha ficam disponíveis por 90 dias.')).toBeVisible();
  await expect(page.locator('tr', { hasText: 'clientes.csv' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Legenda de status' }).click();
  await expect(page.getByTestId('status-legend').getByText('ERRO_SISTEMA')).toBeVisible();
  await expect(page.getByTestId('status-legend').getByText('PROCESSADO_COM_SUCESSO')).toHaveCount(0);
  await expect(page.getByTestId('progress-legend')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The period report: today, read back.
  await page.getByRole('button', { name: 'Gerar Relatório' }).click();
  const report = dialog(page, 'Relatório Remessas');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: 'numeric' }).format(new Date());
  const month = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', month: 'long' }).format(new Date());
  // Today of this month (late in a month the calendar also shows the previous month's same day).
  const day = report.getByRole('button', { name: new RegExp(`^${Number(today)} ${month} `) }).first();
  await day.click();
  await day.click();
  await expect(report.getByRole('textbox', { name: 'Até' })).toHaveValue(/\d\d\/\d\d\/\d{4}/);
  const printed = await readDownload(page, () => report.getByRole('button', { name: 'Gerar' }).click());
  expect(printed.name).toMatch(/^remessas_\d\d-\d\d-\d{4}_\d\d-\d\d-\d{4}\.csv$/);
  expect(printed.text).toContain(';clientes.csv;');
  expect(printed.text).toContain('Concluído');
});

test('remessas: an ISO-8859-1 file asks to convert, then goes; a comma-separated file shows the spec message', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/remessas');
  await apiAs(page, 'POST', '/modelos', { mod_name: 'Latin', mod_subject: 'Aviso', mod_content: '<p>Olá *|NOME|*</p>' });

  const latin = tmpFile(
    'acentos.csv',
    Buffer.from(`${HEADER}\r\nL-1;Notificação;João Conceição;joao.e2e@cliente.test;;;Latin;\r\n`, 'latin1'),
  );
  let modal = await chooseAndSend(page, latin);
  const ask = dialog(page, 'Atenção');
  await expect(ask.getByTestId('confirm-message')).toContainText('ISO-8859-1');
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Enviar Remessa' }).click();
  await dialog(page, 'Atenção').getByRole('button', { name: 'Continuar' }).click();
  await expectUploaded(page);
  const row = page.locator('tr', { hasText: 'acentos.csv' });
  await expect(row.getByText('Concluído')).toBeVisible({ timeout: 20_000 });
  const preview = await readDownload(page, () => row.getByRole('button', { name: 'Prévia do retorno de acentos.csv' }).click());
  expect(preview.text).toContain('L-1;Notificação;João Conceição;');

  const comma = tmpFile('virgulas.csv', 'ID,ASSUNTO,NOME_DESTINATARIO,EMAIL_DESTINATARIO,MODELO\r\n1,A,B,b@cliente.test,Latin\r\n');
  modal = await chooseAndSend(page, comma);
  const error = dialog(page, 'Erro no Upload');
  await expect(error.getByTestId('alert-message')).toHaveText('Use ponto e vírgula (;) como separador de colunas');
  await error.getByRole('button').first().click();

  // Not a csv at all.
  await modal.getByLabel('Selecionar arquivo CSV').setInputFiles(tmpFile('planilha.xlsx', 'x'));
  await expect(dialog(page, 'Arquivo Inválido').getByTestId('alert-message')).toHaveText('Por favor, selecione um arquivo CSV válido.');
});

test('remessas: the progress follows the socket, with no list call on a timer while it is up', async ({ page, request }) => {
  test.setTimeout(120_000);
  // What the page's socket receives and the page's list and count calls, with their times.
  const frames: { at: number; text: string }[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/v2/socket.io')) ws.on('framereceived', (f) => frames.push({ at: Date.now(), text: String(f.payload) }));
  });
  const calls: { at: number; path: string }[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'GET' && (pathname === '/v2/remessas' || pathname === '/v2/remessas/stats'))
      calls.push({ at: Date.now(), path: pathname });
  });
  const pushes = (event: string) => frames.filter((f) => f.text.startsWith(`42["${event}"`));

  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/remessas');
  // The socket signed in (its totals answered): from here the page does not poll.
  await expect.poll(() => pushes('totalAlertas').length, { timeout: 15_000 }).toBeGreaterThan(0);
  await apiAs(page, 'POST', '/modelos', { mod_name: 'Ao vivo', mod_subject: 'Aviso', mod_content: '<p>Olá *|NOME|*</p>' });

  // Another user's big files take the remessa worker first (one file at a time): ours waits in
  // Aguardando Validação, moving, while nothing is pushed to us. The old page polled every 2 s then.
  const admin = await (await request.post('/v2/login', { data: { username: 'admin@demo.local', password: DEMO_PASSWORD } })).json();
  const adminAuth = { authorization: `Bearer ${admin.token}` };
  expect(
    (
      await request.post('/v2/modelos', { headers: adminAuth, data: { mod_name: 'Fila', mod_subject: 'Aviso', mod_content: '<p>Olá</p>' } })
    ).ok(),
  ).toBe(true);
  // Twenty files of 5,000 lines: their validation takes the worker ~4 s at low load (ten took ~2 s
  // once the lines were built in a thread, under the 2.2 s this test needs); admin's credits cannot
  // pay for any of them, so each ends at the credit check and nothing of them is sent.
  const uploads = Array.from({ length: 20 }, (_, i) => i + 1).map((n) => {
    const big = [HEADER, ...Array.from({ length: 5000 }, (_, i) => `F${n}-${i};Aviso;Fila ${i};fila${n}.${i}@cliente.test;;;Fila;`)].join(
      '\r\n',
    );
    return request.post('/v2/remessas/upload', {
      headers: adminAuth,
      data: { contentBase64: `data:text/csv;base64,${Buffer.from(big).toString('base64')}`, fileName: `fila-${n}.csv` },
    });
  });
  for (const res of await Promise.all(uploads)) expect(res.status(), await res.text()).toBe(201);

  // Ours, sent from elsewhere (another tab, an API client): the page learns of it by the socket alone.
  const lines = Array.from({ length: 20 }, (_, i) => `V-${i + 1};Aviso;Cliente ${i + 1};vivo${i + 1}@cliente.test;;;Ao vivo;`);
  const { rem_codigo: id } = (await apiAs(page, 'POST', '/remessas/upload', {
    contentBase64: `data:text/csv;base64,${Buffer.from([HEADER, ...lines].join('\r\n')).toString('base64')}`,
    fileName: 'ao-vivo.csv',
  })) as { rem_codigo: number };
  const row = page.locator('tr', { hasText: 'ao-vivo.csv' });
  await expect(row.getByText('Aguardando Validação')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Remessas Processadas/ }).getByTestId('tab-count')).toHaveText('1');
  const waitingFrom = Date.now();
  // A socket.io event frame: 42["remessaStatus",{"remessas":[{ rem_codigo, rem_status_processamento, … }]}].
  const steps = (status: string) =>
    pushes('remessaStatus').filter((f) =>
      (JSON.parse(f.text.slice(2))[1] as { remessas: { rem_codigo: number; rem_status_processamento: string }[] }).remessas.some(
        (r) => r.rem_codigo === id && r.rem_status_processamento === status,
      ),
    );
  // Validated: the first step after the wait.
  await expect.poll(() => steps('PROCESSADO').length, { timeout: 60_000 }).toBeGreaterThan(0);
  const waitingTo = steps('PROCESSADO')[0]?.at ?? 0;
  // While it waited (long enough for the old 2 s timer to have fired), the page asked for nothing.
  console.log(
    `ao-vivo.csv waited ${waitingTo - waitingFrom} ms with the socket up; calls meanwhile: ${calls.filter((c) => c.at > waitingFrom && c.at < waitingTo).length}`,
  );
  expect(waitingTo - waitingFrom).toBeGreaterThan(2_200);
  expect(calls.filter((c) => c.at > waitingFrom && c.at < waitingTo)).toEqual([]);

  // Then each step and each send arrive as pushes and the row follows to its end.
  await expect(row.getByText('Concluído', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId(/^progresso-/)).toHaveText('0 na fila20 enviadas0 falhas', { timeout: 30_000 });
  expect(steps('PROCESSADO_COM_SUCESSO').length).toBeGreaterThan(0);
  expect(pushes('emailStatus').length).toBeGreaterThan(0);
  // Once all is still (a push committed before the last reload answered may still bring one more,
  // 300 ms after it), nothing at all.
  await page.waitForTimeout(1_000);
  const before = calls.length;
  await page.waitForTimeout(4_500);
  expect(calls.slice(before)).toEqual([]);
});
