import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { deliverSmtp } from '../apps/server/test/smtp-client.ts';
import { type SunkMessage, startSmtpSink, waitFor } from '../apps/server/test/smtp-sink.ts';
import { productEnv, startServer } from './product.mjs';
import { DEMO_PASSWORD, expectAlert, login } from './support.ts';

// These journeys run on an installation of their own whose outbound mail goes to a real SMTP
// server started here, not to the captured mailbox.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://localhost:${PORT}`;
const INBOUND_PORT = PORT + 10;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: ReturnType<typeof startServer>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  server = startServer(
    await productEnv(PORT, { SMTP_URL: sink.url, MAIL_FROM: 'AR Online <nao-responda@ar.test>', INBOUND_SMTP_PORT: String(INBOUND_PORT) }),
  );
  await server.ready;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function bearer(request: APIRequestContext, email: string) {
  const res = await request.post(`${BASE}/v2/login`, { data: { username: email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const pdf = { name: 'notificacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n') };

test('compose to two recipients with a template and an attachment; the messages reach the SMTP server', async ({ page, request }) => {
  const headers = await bearer(request, 'gerente@demo.local');
  await request.post(`${BASE}/v2/leads`, { headers, data: { lea_nome: 'Carla Souza', lea_email: 'carla@cliente.test' } });
  await request.post(`${BASE}/v2/etiquetas`, { headers, data: { eti_nome: 'Rescisões', eti_cor: '#c62828' } });
  await request.post(`${BASE}/v2/modelos`, {
    headers,
    data: {
      mod_name: 'Aviso de rescisão',
      mod_subject: 'Rescisão: aviso a *|NOME|*',
      mod_content:
        '<p>Prezado(a) *|NOME|*,</p><p>Conforme o <a href="https://www.exemplo.test/contrato">contrato</a>, comunicamos a rescisão.</p>',
    },
  });

  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('link', { name: 'Novo AR' }).first().click();
  await expect(page).toHaveURL(/\/emails\/novo$/);
  await expect(page.getByTestId('recipients-count')).toHaveText('1 de 10 destinatário(s)');

  // A saved recipient, then a typed one; the second row warns that it costs one more AR.
  await pick(page, 'Destinatário 1', /Carla Souza/);
  await expect(page.getByLabel('E-mail do destinatário 1')).toHaveValue('carla@cliente.test');
  await page.getByRole('button', { name: 'Adicionar destinatário' }).click();
  await expect(page.getByText('A cada novo destinatário adicionado, será cobrado um AR adicional')).toBeVisible();
  await expect(page.getByTestId('recipients-count')).toHaveText('2 de 10 destinatário(s)');
  await page.getByLabel('Nome do destinatário 2').fill('Diego');
  await page.getByLabel('E-mail do destinatário 2').fill('diego@cliente.test');

  // With two recipients the template's variables stay: the server fills them in for each one.
  await pick(page, 'Modelo', 'Aviso de rescisão');
  await expect(page.getByLabel('Assunto')).toHaveValue('Rescisão: aviso a *|NOME|*');
  await expect(page.getByTestId('compose-body')).toContainText('Prezado(a) *|NOME|*');

  await page.getByLabel('Identificação').fill('Processo 42');
  await pick(page, 'Etiquetas', 'Rescisões');
  await page.keyboard.press('Escape');
  await page.locator('input[type=file][accept*=".pdf"]').setInputFiles(pdf);
  await expect(page.getByText('notificacao.pdf')).toBeVisible();
  await expect(page.getByTestId('attachments-usage')).toContainText('1 de 20 anexos');
  await expect(page.getByTestId('credit-counter')).toHaveText('AR utilizados: 2 de 1.000 créditos');

  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('sent-plane')).toBeVisible();
  await expect(page.getByTestId('sent-message')).toHaveText(
    'Em processamento... Obrigado por utilizar o AR Online para enviar suas comunicações com validade jurídica. Seu AR-Email está sendo enviado.',
  );
  await page.screenshot({ path: `test-results/e2e-${PORT}/compose-sent.png` });
  await page.getByRole('button', { name: 'Ver enviados' }).click();

  // The sent list shows both; the worker turns them to Enviado.
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.getByLabel('AR-Email: Enviado')).toHaveCount(2, { timeout: 20_000 });
  await rows.filter({ hasText: 'diego@cliente.test' }).click();
  await expect(page.getByLabel('Assunto')).toHaveValue('Rescisão: aviso a Diego');
  await expect(page.getByLabel('Identificação')).toHaveValue('Processo 42');
  await expect(page.getByRole('button', { name: /notificacao\.pdf/ })).toBeVisible();
  await expect(page.getByLabel('Remover etiqueta Rescisões')).toBeVisible();
  await request.post(`${BASE}/v2/etiquetas`, { headers, data: { eti_nome: 'Urgente', eti_cor: '#1971c2' } });
  await page.reload();
  await page.getByRole('button', { name: 'Adicionar etiqueta' }).click();
  await page.getByRole('checkbox', { name: 'Urgente' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Novas etiquetas adicionadas com sucesso!')).toBeVisible();

  // What the recipients' server received: one message each, personalised, with the attachment,
  // the tracking image and links that pass through the service.
  const received = await waitFor(
    () => sink.messages,
    (m) => m.length >= 2,
  );
  const to = (addr: string) => received.find((m) => m.rcptTo.includes(addr)) as SunkMessage;
  expect(to('carla@cliente.test').parsed.subject).toBe('Rescisão: aviso a Carla Souza');
  const diego = to('diego@cliente.test');
  expect(diego.parsed.subject).toBe('Rescisão: aviso a Diego');
  expect(diego.parsed.html).toContain('Prezado(a) Diego');
  expect(diego.parsed.attachments.map((a) => a.filename)).toEqual(['notificacao.pdf']);
  expect(diego.parsed.html).toMatch(/\/v2\/emails\/info\/public\/[0-9a-f-]{36}\/track-email\/pixel\.gif/);
  expect(diego.parsed.html).toMatch(/href="[^"]*\/emails\/info\/public\/track-link-externo\/[0-9a-f-]{36}"/);
  expect(diego.parsed.html).not.toContain('href="https://www.exemplo.test/contrato"');

  // The typed recipient was saved among the recipients on send.
  const leads = await (await request.get(`${BASE}/v2/leads?searchTerm=diego`, { headers })).json();
  expect(leads.leads.map((l: { lea_email: string }) => l.lea_email)).toContain('diego@cliente.test');
});

test('compose rules: the 11th recipient, a disallowed file, a duplicate address, the template question, clear-all and the draft', async ({
  page,
}) => {
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await expect(page.getByTestId('recipients-count')).toHaveText('1 de 10 destinatário(s)');

  // The name takes at most 14 characters, counted under the field: a longer one is cut there, in
  // sight, with what it was, and a 15th typed character is refused (issue 43).
  const name1 = page.getByLabel('Nome do destinatário 1');
  await expect(page.getByTestId('recipient-1-name-count')).toHaveText('0 de 14 caracteres');
  await name1.fill('Paula Cinco Canais');
  await expect(name1).toHaveValue('Paula Cinco Ca');
  await expect(page.getByTestId('recipient-1-name-count')).toContainText('14 de 14 caracteres');
  await expect(page.getByTestId('recipient-1-name-cut')).toHaveText('Máximo de 14: “Paula Cinco Canais” ficou “Paula Cinco Ca”.');
  await name1.fill('Paula Cinco');
  await expect(page.getByTestId('recipient-1-name-cut')).toHaveCount(0);
  await name1.press('End');
  await name1.pressSequentially(' Canais');
  await expect(name1).toHaveValue('Paula Cinco Ca');
  await expect(page.getByTestId('recipient-1-name-cut')).toBeVisible();

  // A single recipient: choosing a template asks first, and 'Não' leaves subject and body alone.
  await page.getByLabel('Nome do destinatário 1').fill('Ana');
  await page.getByLabel('E-mail do destinatário 1').fill('ana@cliente.test');
  await page.getByLabel('Assunto').fill('Assunto meu');
  await pick(page, 'Modelo', 'Aviso de rescisão');
  await expect(page.getByText('O conteúdo do e-mail e assunto será alterado. Deseja continuar?')).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByLabel('Assunto')).toHaveValue('Assunto meu');
  await pick(page, 'Modelo', 'Aviso de rescisão');
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByLabel('Assunto')).toHaveValue('Rescisão: aviso a Ana');
  await expect(page.getByTestId('compose-body')).toContainText('Prezado(a) Ana,');

  // The draft survives a reload.
  await page.reload();
  await expect(page.getByLabel('Assunto')).toHaveValue('Rescisão: aviso a Ana');
  await expect(page.getByLabel('E-mail do destinatário 1')).toHaveValue('ana@cliente.test');

  // The same address twice is refused.
  await page.getByRole('button', { name: 'Adicionar destinatário' }).click();
  await page.getByLabel('Nome do destinatário 2').fill('Ana de novo');
  await page.getByLabel('E-mail do destinatário 2').fill('ANA@cliente.test');
  await page.getByLabel('E-mail do destinatário 2').blur();
  await expect(page.getByTestId('recipient-2-problem')).toHaveText('Este email já foi adicionado aos destinatários.');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();

  // Up to 10 rows; the 11th is refused.
  for (let n = 3; n <= 10; n++) await page.getByRole('button', { name: 'Adicionar destinatário' }).click();
  await expect(page.getByTestId('recipients-count')).toHaveText('10 de 10 destinatário(s)');
  await page.getByRole('button', { name: 'Adicionar destinatário' }).click();
  await expectAlert(page, 'Aviso', 'Você atingiu o limite máximo de destinatários (10)');
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page.getByTestId('recipients-count')).toHaveText('10 de 10 destinatário(s)');

  // A file type outside the list is refused before any upload.
  await page
    .locator('input[type=file][accept*=".pdf"]')
    .setInputFiles({ name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  // It names the refused file and the types that are accepted.
  await expectAlert(
    page,
    'Aviso',
    'Tipo de Arquivos não permitido: programa.exe. Tipos aceitos: PNG, JPG, JPEG, GIF, DOC, DOCX, XLS, XLSX, PDF e ZIP.',
  );
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page.getByTestId('attachments-usage')).toContainText('0 de 20 anexos');

  // Clear-all asks, then empties everything.
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(page.getByText('Você irá limpar todos os campos. Deseja continuar?')).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('recipients-count')).toHaveText('1 de 10 destinatário(s)');
  await expect(page.getByLabel('Assunto')).toHaveValue('');
  await expect(page.getByLabel('E-mail do destinatário 1')).toHaveValue('');
});

test('too few credits hide the send button and show the buy link', async ({ page, request }) => {
  const user = await bearer(request, 'usuario@demo.local');
  const manager = await bearer(request, 'gerente@demo.local');
  const plan = await (await request.get(`${BASE}/v2/plano`, { headers: user })).json();
  const removed = await request.put(`${BASE}/v2/plano`, {
    headers: manager,
    data: { pla_codigo: plan.pla_codigo, pla_total_credito: -plan.total, motivo: 'teste do Novo AR' },
  });
  expect(removed.ok()).toBeTruthy();

  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  const form = page.getByRole('main');
  await expect(form.getByTestId('credit-counter')).toHaveText('AR utilizados: 0 de 0 créditos');
  await expect(form.getByRole('button', { name: 'Enviar' })).toHaveCount(0);
  await expect(form.getByText('Você não possui créditos suficientes para adicionar um novo destinatário')).toBeVisible();
  await expect(form.getByRole('link', { name: /Comprar Créditos/ })).toBeVisible();
});

test('a reply arrives by SMTP, shows unread in Recebidos, opens read, and is answered from Responder, threaded', async ({ page }) => {
  const original = sink.messages.find((m) => m.rcptTo.includes('diego@cliente.test')) as SunkMessage;
  const replyTo = original.parsed.replyTo?.[0]?.address as string;
  expect(replyTo).toMatch(/^resposta\+[0-9a-f-]{36}@ar\.test$/);
  const raw = [
    'From: Diego Lima <diego@cliente.test>',
    `To: ${replyTo}`,
    'Subject: Re: aviso recebido',
    'Message-ID: <resposta-diego-1@cliente.test>',
    `In-Reply-To: ${original.parsed.messageId}`,
    `References: ${original.parsed.messageId}`,
    'Date: Sun, 22 Nov 2026 09:15:00 -0300',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Recebi a notificação, mas discordo da rescisão.',
    '',
  ].join('\n');
  // A real SMTP client (python3's smtplib) delivers the reply to the product's listener.
  const conversation = await deliverSmtp({ port: INBOUND_PORT, from: 'diego@cliente.test', rcpt: [replyTo], data: raw });
  expect(conversation.data?.[0]).toBe(250);

  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('link', { name: 'Recebidos' }).first().click();
  await expect(page.getByRole('heading', { name: 'AR-Email Recebidos' })).toBeVisible();
  const row = page.locator('tbody tr', { hasText: 'Re: aviso recebido' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveCSS('background-color', 'rgb(231, 245, 255)');
  await row.click();

  await expect(page).toHaveURL(/\/emails\/recebidos\/info\/\d+$/);
  // The list may stay on screen while the detail's code loads: wait for the detail itself
  // ('de' alone would also match the list's 'Ver mensagem de …' buttons).
  await expect(page.getByRole('heading', { name: 'AR-Email Recebido', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'De', exact: true })).toHaveValue('Diego Lima <diego@cliente.test>');
  await expect(page.frameLocator('[data-testid=received-content]').locator('body')).toContainText('discordo da rescisão');
  await page.screenshot({ path: test.info().outputPath('recebido.png'), fullPage: true });
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByLabel('E-mail do destinatário 1')).toHaveValue('diego@cliente.test');
  await expect(page.getByLabel('Assunto')).toHaveValue('Re: aviso recebido');
  await expect(page.getByTestId('compose-body')).toContainText('discordo da rescisão');
  await page.getByTestId('compose-body').locator('.ProseMirror').press('Control+Home');
  await page.getByTestId('compose-body').locator('.ProseMirror').pressSequentially('Mantemos a rescisão nos termos do contrato.');
  await page.screenshot({ path: test.info().outputPath('responder.png'), fullPage: true });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('sent-message')).toBeVisible();
  await page.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/emails\/enviados$/);

  // Opened, it is read: no longer highlighted.
  await page.goto('/emails/recebidos');
  await expect(page.locator('tbody tr', { hasText: 'Re: aviso recebido' })).not.toHaveCSS('background-color', 'rgb(231, 245, 255)');

  // The answer reaches the SMTP server in the same conversation as Diego's reply and the original.
  const answer = await waitFor(
    () => sink.messages.find((m) => m.parsed.subject === 'Re: aviso recebido'),
    (m) => !!m,
  );
  expect(answer?.rcptTo).toEqual(['diego@cliente.test']);
  expect(answer?.parsed.inReplyTo).toBe('<resposta-diego-1@cliente.test>');
  expect(answer?.parsed.references).toContain(original.parsed.messageId as string);
  expect(answer?.parsed.html).toContain('Mantemos a rescisão');
});
