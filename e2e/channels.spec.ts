import { expect, test } from '@playwright/test';
import { productEnv, startServer } from './product.mjs';
import { login, openDev, openLatestMail } from './support.ts';

// An installation of its own, so its messages do not change what the other journeys count.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
test.use({ baseURL: `http://localhost:${PORT}` });
let server: ReturnType<typeof startServer>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = startServer(await productEnv(PORT, { SIMULATOR_DELAY_MS: '1000' }));
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
});

// AR-SMS and AR-WhatsApp on the embedded simulator (docs/channels.md): the real Twilio and Meta
// adapters talk to the simulator's copies of their APIs, which deliver to the simulated phone at
// /dev/telefone and call the product back with signed webhooks.

// A person's browser for the recipient: headless Chromium is rightly taken for a program (docs/reads.md).
const PERSON = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('one recipient by e-mail, SMS and WhatsApp: the phone gets both, opens the link, answers and confirms; the sender and the public page see it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await page.getByLabel('Nome do destinatário 1').fill('Renata');
  await page.getByLabel('E-mail do destinatário 1').fill('renata@cliente.test');
  await page.getByLabel('SMS para o destinatário 1').check();
  await page.getByLabel('Celular para SMS do destinatário 1').fill('11987654321');
  await expect(page.getByLabel('Celular para SMS do destinatário 1')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('WhatsApp para o destinatário 1').check();
  await page.getByLabel('WhatsApp do destinatário 1').fill('11987654321');
  await page.getByLabel('Assunto').fill('Aviso de cobrança');
  await page.getByTestId('compose-body').locator('.ProseMirror').pressSequentially('Segue o aviso de cobrança.');
  // §9: e-mail and SMS share one unit, WhatsApp is one more.
  await expect(page.getByTestId('credit-counter')).toContainText('AR utilizados: 2 de');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('sent-plane')).toBeVisible();
  await page.getByRole('button', { name: 'Ver enviados' }).click();

  // The list shows one icon per channel; the simulator delivers the SMS and the WhatsApp.
  const row = page.locator('tbody tr').filter({ hasText: 'Renata' }).first();
  await expect(row.getByLabel('AR-SMS: Entregue')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByLabel('AR-WhatsApp: Entregue')).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  await expect(page.getByTestId('status-panel-sms')).toContainText('Entregue');
  await expect(page.getByTestId('status-panel-whatsapp')).toContainText('Entregue');
  await expect(page.getByTestId('phone-sms')).toContainText('?sms=1');

  // A person takes a few seconds to open a message (docs/reads.md): sooner would be a scanner.
  await page.waitForTimeout(5_500);
  const phone = await browser.newContext({ userAgent: PERSON, viewport: { width: 400, height: 860 } });
  const p = await phone.newPage();
  await openDev(p, '/dev/telefone');
  await p.getByRole('link', { name: '+55 (11) 98765-4321' }).click();
  const smsLink = p.locator('a[href*="?sms=1"]');
  await expect(smsLink).toBeVisible();
  const publicUrl = (await smsLink.getAttribute('href')) as string;
  // The phone opens each link in a new tab, as a messaging app hands it to the browser.
  for (const link of [smsLink, p.locator('a[href*="?whatsapp=1"]')]) {
    const [opened] = await Promise.all([phone.waitForEvent('page'), link.click()]);
    await expect(opened.getByRole('heading', { name: 'Aviso de cobrança' })).toBeVisible();
    await opened.close();
  }
  // And the e-mail, from the local mailbox, on the same phone.
  const mail = await openLatestMail(p, 'renata@cliente.test', /Aviso de cobrança/);
  const emailLink = (await mail.getByRole('link', { name: 'Ver a mensagem registrada' }).getAttribute('href')) as string;
  await p.goto(emailLink);
  await expect(p.getByRole('heading', { name: 'Aviso de cobrança' })).toBeVisible();
  // The three channels reach Lido on the sender's detail, without a reload.
  for (const channel of ['email', 'sms', 'whatsapp']) {
    await expect(page.getByTestId(`status-panel-${channel}`)).toContainText('Lido', { timeout: 20_000 });
  }
  await openDev(p, '/dev/telefone');
  await p.getByRole('link', { name: '+55 (11) 98765-4321' }).click();
  await p.getByPlaceholder('Responder por SMS').fill('Recebi, obrigado.');
  await p.getByRole('button', { name: 'Enviar' }).first().click();
  await p.getByRole('button', { name: 'Confirmo o recebimento' }).click();
  await p.screenshot({ path: test.info().outputPath('telefone.png'), fullPage: true });

  // The sender's detail follows: the SMS read and answered, the WhatsApp confirmed, the reply's text.
  await expect(page.getByTestId('status-panel-sms')).toContainText('Respondido', { timeout: 30_000 });
  await expect(page.getByTestId('status-panel-whatsapp')).toContainText('Confirmado', { timeout: 30_000 });
  await expect(page.getByTestId('phone-sms').getByTestId('phone-reply')).toContainText('Recebi, obrigado.');
  await page.screenshot({ path: test.info().outputPath('detalhe.png'), fullPage: true });

  // The public page has a tab per channel, with the number, the text and the reply.
  await p.goto(publicUrl.replace('?sms=1', ''));
  await p.getByRole('tab', { name: 'AR-SMS' }).click();
  await expect(p.getByTestId('aba-sms')).toContainText('+5511987654321');
  await expect(p.getByTestId('resposta-sms')).toContainText('Recebi, obrigado.');
  await p.getByRole('tab', { name: 'AR-WhatsApp' }).click();
  await expect(p.getByTestId('mensagem-whatsapp')).toContainText('Aviso de cobrança');
  await p.screenshot({ path: test.info().outputPath('publica-whatsapp.png'), fullPage: true });
  await phone.close();
});
