import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, openLatestMail } from './support.ts';

// A person's browser: headless Chromium says 'HeadlessChrome', which is rightly taken for a program (docs/reads.md).
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

test('the recipient answers the security question, downloads, follows a link and accepts; the sender sees each event', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await (await request.post('/v2/login', { data: { username: 'gerente@demo.local', password: DEMO_PASSWORD } })).json();
  const headers = { authorization: `Bearer ${session.token}` };
  const upload = await request.post('/v2/emails/attachments', {
    headers,
    multipart: { attachments: { name: 'intimacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
  });
  const [attachment] = await upload.json();
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [
        { to: 'rita@cliente.test', nameTo: 'Rita', validacaoNotif: { pergunta: 'Qual o número do seu contrato?', resposta: '4321' } },
      ],
      nameFrom: 'Gerente Demo',
      subject: 'Intimação para pagamento',
      content: '<p>Consulte o <a href="https://www.exemplo.test/boleto">boleto</a>.</p>',
      attachments: [attachment.uuidFilename],
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code } = (await sent.json()).emails[0];
  // Wait until the message left, and give it the few seconds a person needs (docs/reads.md).
  await expect
    .poll(async () => (await (await request.get(`/v2/emails/status/${code}`, { headers })).json()).lastStatus.email?.type, {
      timeout: 20_000,
    })
    .toBe('send');
  await page.waitForTimeout(5_500);

  // The delivered e-mail: its button leads to the public page, its link through our redirect.
  const mail = await openLatestMail(page, 'rita@cliente.test', /Intimação para pagamento/);
  const pageLink = await mail.getByRole('link', { name: 'Confirmar e ver a mensagem registrada' }).getAttribute('href');
  const trackedLink = await mail.getByRole('link', { name: 'boleto' }).getAttribute('href');
  expect(trackedLink).toMatch(/\/emails\/info\/public\/track-link-externo\/[0-9a-f-]{36}$/);

  // The security question: Enter does not submit, a wrong answer is refused, the right one opens the message.
  await page.goto(pageLink as string);
  await expect(page).toHaveURL(/\/emails\/info\/public\/verify\//);
  await expect(page.getByTestId('verify-question')).toHaveText('Qual o número do seu contrato?');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await page.getByLabel('Resposta').fill('1111');
  await page.getByLabel('Resposta').press('Enter');
  await expect(page).toHaveURL(/\/verify\//);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('verify-error')).toHaveText('A resposta informada não é válida');
  await page.getByLabel('Resposta').fill('4321');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Intimação para pagamento' })).toBeVisible();
  await expect(page.getByText('Gerente Demo')).toBeVisible();
  await expect(page).toHaveTitle(/Notificação digital/);

  // The attachment opens its own page, which downloads the file.
  await page.getByRole('tab', { name: 'AR-Email' }).click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /intimacao\.pdf/ }).click()]);
  const download = await popup.waitForEvent('download');
  expect(download.suggestedFilename()).toBe('intimacao.pdf');

  // The tracked link waits 2 s on our page and goes on to the address the message contained.
  await context.route('https://www.exemplo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Boleto</h1>' }));
  await page.goto(trackedLink as string);
  await expect(page.getByText('Redirecionando')).toBeVisible();
  await expect(page).toHaveURL('https://www.exemplo.test/boleto', { timeout: 10_000 });

  // Acceptance from the public page.
  await page.goto(pageLink as string);
  await page.getByRole('button', { name: 'Confirmar o recebimento' }).click();
  await expect(page.getByTestId('alert-message')).toHaveText('Obrigado pela confirmação!');
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page.getByText('Recebimento confirmado', { exact: true })).toBeVisible();

  // The stamp of the send validates in our validator.
  await expect(page.getByTestId('certificado-envio')).toContainText('Carimbo do tempo emitido por', { timeout: 20_000 });
  const [validator] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('certificado-envio').getByRole('button', { name: 'Validar carimbo' }).click(),
  ]);
  await expect(validator.getByTestId('stamp-verdict')).toContainText('Carimbo válido');
  await validator.screenshot({ path: test.info().outputPath('validador.png'), fullPage: true });
  await page.getByRole('tab', { name: 'AR-Email' }).click();
  await page.screenshot({ path: test.info().outputPath('pagina-publica.png'), fullPage: true });

  // The sender's detail shows each event.
  const sender = await context.newPage();
  await login(sender, 'gerente@demo.local');
  await expect(sender).toHaveURL(/\/emails\/enviados$/);
  await sender.goto(`/emails/enviados/info/${code}`);
  const timeline = sender.getByTestId('timeline');
  for (const status of ['Enviado', 'Lido', 'Anexo baixado', 'Link acessado', 'Confirmado']) {
    await expect(timeline.getByText(new RegExp(`^${status} · AR-Email$`)).first()).toBeVisible();
  }
});
