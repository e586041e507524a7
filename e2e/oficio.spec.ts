import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { startSmtpSink, waitFor } from '../apps/server/test/smtp-sink.ts';
import { productEnv, startServer } from './product.mjs';
import { login } from './support.ts';

// A legal notice composed as a court clerk would, sent to a real SMTP server started here.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 40;
const BASE = `http://localhost:${PORT}`;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: ReturnType<typeof startServer>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  server = startServer(await productEnv(PORT, { SMTP_URL: sink.url, MAIL_FROM: 'AR Online <nao-responda@ar.test>' }));
  await server.ready;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const CNJ = '0000832-35.2018.4.01.3202';

test('Novo Ofício: the form with its rules, the preview, the send, the search by CNJ number and the proof', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('button', { name: 'Novo AR' }).click();
  await page.getByRole('menuitem', { name: 'Novo Ofício' }).click();
  await expect(page).toHaveURL(/\/emails\/oficio$/);
  await expect(page.getByRole('heading', { name: 'Novo Ofício' })).toBeVisible();

  await page.getByLabel('Nome do destinatário 1').fill('Intimado');
  await page.getByLabel('E-mail do destinatário 1').fill('intimado@cliente.test');
  await page.getByLabel('Assunto').fill('Ofício 77/2026 — intimação');

  // Trying to send an empty notice shows each required field's rule.
  await page.getByRole('button', { name: 'Pré-visualizar e enviar' }).click({ force: true });
  await page.getByLabel('Número do ofício').focus();
  await page.getByLabel('Número do ofício').blur();
  await expect(page.getByText('Informe o número do ofício.')).toBeVisible();

  await page.getByLabel('Número do ofício').fill('77/2026');
  await page.getByLabel('Número do processo').fill('PROC-2026/0042');
  // A CNJ number with a wrong check digit is refused where it is typed.
  const cnj = page.getByLabel('Número CNJ');
  await cnj.fill('00008323620184013202');
  await expect(cnj).toHaveValue('0000832-36.2018.4.01.3202');
  await cnj.blur();
  await expect(page.getByText(/os dígitos verificadores \(DD\) não conferem/)).toBeVisible();
  await cnj.fill('00008323520184013202');
  await expect(cnj).toHaveValue(CNJ);
  await expect(page.getByText(/os dígitos verificadores \(DD\) não conferem/)).toHaveCount(0);
  await page.getByLabel('Comarca').fill('Manaus');
  await page.getByLabel('Vara').fill('1ª Vara Federal Cível');

  // Two requerentes and one executado; a party added by mistake is removed.
  await page.getByRole('button', { name: 'Adicionar requerente' }).click();
  await page.getByLabel('Nome do requerente 1').fill('Ana Requerente');
  await page.getByLabel('CPF/CNPJ do requerente 1').fill('52998224725');
  await expect(page.getByLabel('CPF/CNPJ do requerente 1')).toHaveValue('529.982.247-25');
  await page.getByRole('button', { name: 'Adicionar requerente' }).click();
  await page.getByLabel('Nome do requerente 2').fill('Beta Comércio Ltda');
  await page.getByLabel('CPF/CNPJ do requerente 2').fill('11222333000181');
  await page.getByRole('button', { name: 'Adicionar requerido' }).click();
  await page.getByRole('button', { name: 'Remover requerido 1' }).click();
  await page.getByRole('button', { name: 'Adicionar executado' }).click();
  await page.getByLabel('Nome do executado 1').fill('Carlos Executado');
  await page.getByLabel('CPF/CNPJ do executado 1').fill('11111111111');
  await page.getByLabel('CPF/CNPJ do executado 1').blur();
  await expect(page.getByText('CPF ou CNPJ inválido.')).toBeVisible();
  await page.getByLabel('CPF/CNPJ do executado 1').fill('');

  await page.getByLabel('Finalidade').fill('Intimação para pagamento do débito no prazo abaixo.');
  await page.getByLabel('Valor do débito').fill('15250,4');
  await page.getByLabel('Multa').fill('1525,04');
  await page.getByLabel('Data de inclusão').fill('10112026');
  await expect(page.getByLabel('Data de inclusão')).toHaveValue('10/11/2026');
  await page.getByLabel('Prazo (dias)').fill('15');
  await page.getByLabel('Prazo (dias)').blur();
  await page.screenshot({ path: test.info().outputPath('oficio-form.png'), fullPage: true });

  // The preview shows the notice as the server renders it; it is sent from there.
  await page.getByRole('button', { name: 'Pré-visualizar e enviar' }).click();
  const preview = page.frameLocator('[data-testid="oficio-preview"]');
  await expect(preview.getByText('Ofício nº 77/2026')).toBeVisible();
  await expect(preview.getByText('Comarca de Manaus')).toBeVisible();
  await expect(preview.getByText('Ana Requerente (CPF 529.982.247-25)')).toBeVisible();
  await expect(preview.getByText('R$ 15.250,40')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('oficio-preview.png') });
  const totalOf = async () =>
    Number(/ de ([\d.]+) créditos/.exec((await page.getByTestId('credit-counter').textContent()) ?? '')?.[1]?.replace(/\./g, ''));
  const creditsBefore = await totalOf();
  // Animations paused, as in a hidden tab: the success message still comes and no plane is left
  // over the form (issue 43: the form cleared, a plane stayed over Finalidade, no message).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.getByRole('button', { name: 'Enviar ofício' }).click();
  const sent = page.getByRole('dialog', { name: 'Ofício enviado' });
  await expect(sent.getByText(/Seu AR-Email está sendo enviado/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sent-plane')).toHaveCount(0);
  // The credit counter under the form is the balance after the send, already behind the message.
  await expect.poll(totalOf).toBe(creditsBefore - 1);
  // Animations back (the tab shown again): the dialog fades in over the cleared form.
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath('oficio-sent.png') });
  await sent.getByRole('button', { name: 'Ok' }).click();
  await expect(sent).toHaveCount(0);
  await expect(page.getByLabel('Finalidade')).toHaveValue('');

  // It reaches the SMTP server with the notice in its body.
  const [mail] = await waitFor(
    () => sink.messages.filter((m) => m.rcptTo[0] === 'intimado@cliente.test'),
    (m) => m.length === 1,
  );
  expect(mail?.parsed.html).toContain(CNJ);
  expect(mail?.parsed.html).toContain('Carlos Executado');

  // Found in the sent list by its CNJ number; the detail shows the fields.
  await page.goto('/emails/enviados');
  await page.getByPlaceholder('Procurar pelos campos: Para, Assunto, Identificação...').fill(CNJ);
  await page.keyboard.press('Enter');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ofício 77/2026');
  await rows.first().click();
  const summary = page.getByTestId('oficio-summary');
  await expect(summary).toContainText('PROC-2026/0042');
  await expect(summary).toContainText('Campos conferidos com a cadeia de evidências');
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('oficio-detail.png'), fullPage: true });

  // The sending proof's PDF has the process number and the parties.
  await page.getByRole('link', { name: 'Comprovante de envio' }).click();
  await expect(page.getByTestId('oficio-summary')).toContainText(CNJ);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const pdfPath = test.info().outputPath('comprovante-oficio.pdf');
  await (await download).saveAs(pdfPath);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const s of ['Ofício', 'PROC-2026/0042', CNJ, 'Ana Requerente', 'Beta Comércio Ltda', 'Carlos Executado', 'Manaus'])
    expect(text).toContain(s);
});
