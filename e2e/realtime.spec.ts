import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, sessionToken } from './support.ts';

// The realtime socket (docs/realtime.md): the sent list and the sent detail follow the recipient
// without a reload; a stored notification (the pending-proofs badge) survives a reload and clearing
// removes it.

// A person's browser for the recipient: headless Chromium is rightly taken for a program (docs/reads.md).
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The recipient, in a browser of their own, opens the public page (and confirms when asked). */
async function recipientOpens(browser: Browser, uuid: string, confirm = false) {
  const context = await browser.newContext({ userAgent: PERSON });
  const page = await context.newPage();
  // As from the e-mail's button (?email=1): the page records the read.
  await page.goto(`/emails/info/public/${uuid}?email=1`);
  await expect(page.getByRole('heading', { name: 'Aviso de cobrança' })).toBeVisible();
  if (confirm) {
    await page.getByRole('button', { name: 'Confirmar o recebimento' }).click();
    await expect(page.getByTestId('alert-message')).toHaveText('Obrigado pela confirmação!');
  }
  await context.close();
}

test('the sent list and the sent detail follow the recipient’s read and confirmation without a reload', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const session = await (await request.post('/v2/login', { data: { username: 'usuario@demo.local', password: DEMO_PASSWORD } })).json();
  const sent = await request.post('/v2/emails/send', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      destinataires: [{ to: 'renata@cliente.test', nameTo: 'Renata' }],
      nameFrom: 'Usuário Demo',
      subject: 'Aviso de cobrança',
      content: '<p>Segue o aviso.</p>',
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code, ema_uni_id: uuid } = (await sent.json()).emails[0];

  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const row = page.locator('tbody tr').filter({ hasText: 'Renata' });
  // Sent: from here on the list no longer reloads on its own (it only does while a row is Processado).
  await expect(row.getByLabel('AR-Email: Enviado')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => {
    (window as unknown as { semRecarga: boolean }).semRecarga = true;
  });
  // A person takes a few seconds to open a message (docs/reads.md): sooner would be a scanner.
  await page.waitForTimeout(5_500);
  const bell = page.getByRole('button', { name: /^Notificações/ });
  const unread = async () => Number(/(\d+) nova/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const before = await unread();

  await recipientOpens(browser, uuid);
  await expect(row.getByLabel('AR-Email: Lido')).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);

  // The read raised a notification (sector e-mail): the bell counts it without a reload, and opening
  // it leads to the message's detail.
  await expect.poll(unread, { timeout: 10_000 }).toBe(before + 1);
  await bell.click();
  const notice = page.getByTestId('notification').filter({ hasText: 'AR-Email lido: Renata · "Aviso de cobrança"' });
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/emails/enviados/info/${code}$`));
  await expect.poll(unread).toBe(before);

  // The detail follows the confirmation the same way.
  await expect(page.getByTestId('status-panel-email')).toContainText('Lido');
  await recipientOpens(browser, uuid, true);
  await expect(page.getByTestId('status-panel-email')).toContainText('Confirmado', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('detalhe-confirmado.png'), fullPage: true });
});

// A notification raised by another process (the bulk proofs' worker, when a proof is ready) needs a
// database two processes share: PostgreSQL. The embedded PGlite belongs to the one server process.
test('a proof notification raised elsewhere shows on Gerar Comprovantes, survives a reload, and clearing removes it', async ({
  page,
  request,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL: a second process raises the notification on the shared database');
  test.setTimeout(90_000);
  const port = process.env.E2E_PORT ?? '3100';
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/ar_e2e_${port}`;
  const root = path.resolve(import.meta.dirname, '..');

  await login(page, 'pos@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const reports = page.getByRole('button', { name: /Relatórios/ });
  await expect(reports.getByTestId('nav-badge')).toHaveCount(0);

  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'e2e/raise-notification.ts',
      'pos@demo.local',
      '1',
      'comprovante-pronto',
      '12',
      'Comprovantes de 01/11/2026 até 24/11/2026 pronto',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(root, `.e2e-data/${port}`) } },
  );
  // Pushed live to the signed-in page, raised by another process.
  await expect(reports.getByTestId('nav-badge')).toHaveText('1', { timeout: 10_000 });
  await reports.click();
  await expect(page.getByRole('menuitem', { name: /Gerar Comprovantes/ }).getByTestId('nav-badge')).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('badge.png') });
  await page.keyboard.press('Escape');

  // Stored: still there after a reload.
  await page.reload();
  await expect(reports.getByTestId('nav-badge')).toHaveText('1');

  // Cleared (as the proofs screen does once seen): the badge goes, live, and stays gone after a reload.
  const token = await sessionToken(page);
  const listed = await (await request.get('/v2/notificacoes?setor=1', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(listed.notificacoes).toEqual([expect.objectContaining({ not_referencia: '12', not_tipo: 'comprovante-pronto' })]);
  const cleared = await request.delete(`/v2/notificacoes/${listed.notificacoes[0].not_codigo}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(cleared.ok()).toBeTruthy();
  await expect(reports.getByTestId('nav-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'AR-Email Enviados' })).toBeVisible();
  await expect(reports.getByTestId('nav-badge')).toHaveCount(0);
});
