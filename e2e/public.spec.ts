import { expect, test } from '@playwright/test';
import { addressesInDom, expectNoAnswerIn, holdsAnswer, watchAddresses } from './answer-leaks.ts';
import { DEMO_PASSWORD, login, openLatestMail } from './support.ts';

// A person's browser: headless Chromium says 'HeadlessChrome', which is rightly taken for a program (docs/reads.md).
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

/** The security answer of the first journey: distinctive, so that no uuid or number holds it by chance. */
const ANSWER = 'CT 4321-XQ';

test('the recipient answers the security question, downloads, follows a link and accepts, the answer in no address; the sender sees each event', async ({
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
        { to: 'rita@cliente.test', nameTo: 'Rita', validacaoNotif: { pergunta: 'Qual o número do seu contrato?', resposta: ANSWER } },
      ],
      nameFrom: 'Gerente Demo',
      subject: 'Intimação para pagamento',
      content: '<p>Consulte o <a href="https://www.exemplo.test/boleto">boleto</a>.</p>',
      attachments: [attachment.uuidFilename],
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code, ema_uni_id: uuid } = (await sent.json()).emails[0];
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

  // From here on, every address the recipient's browser requests or navigates to (docs/security-answer.md).
  const watch = watchAddresses(context);

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
  await page.getByLabel('Resposta').fill(ANSWER);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Intimação para pagamento' })).toBeVisible();
  await expect(page.getByText('Gerente Demo')).toBeVisible();
  await expect(page).toHaveTitle(/Notificação digital/);
  // The answer went once, in the body of the answer call; the browser holds the answer cookie instead,
  // out of the page's reach, for this message and the public API only.
  const answers = watch.seen.filter((s) => s.method === 'POST' && s.url.endsWith(`/v2/emails/info/public/resposta/${uuid}`));
  expect(answers).toHaveLength(2);
  const cookies = (await context.cookies()).filter((c) => c.name.startsWith('ar_resposta_'));
  expect(cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite]).sort()).toEqual([
    [`ar_resposta_${uuid}`, '/v2/email/public', true, 'Strict'],
    [`ar_resposta_${uuid}`, '/v2/emails/info/public', true, 'Strict'],
  ]);
  expect(cookies.some((c) => holdsAnswer(c.value, ANSWER))).toBe(false);
  expect(await page.evaluate(() => document.cookie)).not.toContain('ar_resposta_');
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain(
    ANSWER.split(' ')[1],
  );
  await expectNoAnswerIn(watch, [page], ANSWER);

  // The attachment opens its own page, which downloads the file.
  await page.getByRole('tab', { name: 'AR-Email' }).click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /intimacao\.pdf/ }).click()]);
  const download = await popup.waitForEvent('download');
  expect(download.suggestedFilename()).toBe('intimacao.pdf');
  await expect(popup.getByTestId('attachment-done')).toBeVisible();
  await expectNoAnswerIn(watch, [page, popup], ANSWER);

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
  expect(watch.seen.some((s) => s.url.includes(`/v2/emails/info/public/${uuid}/track-accept-email/aceite`))).toBe(true);
  await expectNoAnswerIn(watch, [page], ANSWER);

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
  // Nothing the recipient's browser requested, navigated to or holds in a page names the answer.
  expect(watch.seen.filter((s) => s.kind === 'request').length).toBeGreaterThan(20);
  await expectNoAnswerIn(watch, [page, popup, validator], ANSWER);
  expect((await addressesInDom(page)).some((u) => u.includes(uuid))).toBe(true);

  // A link that carries the answer (the spec's ?verify=) still opens the message: the page sends the
  // answer once, in a call's body, and takes it out of its address at once.
  await context.clearCookies();
  const compatibleFrom = watch.mark();
  const withAnswer = new URL(`/emails/info/public/${uuid}?verify=${encodeURIComponent(ANSWER)}`, page.url()).toString();
  await page.goto(withAnswer);
  await expect(page.getByRole('heading', { name: 'Intimação para pagamento' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/emails/info/public/${uuid}$`));
  await page.getByRole('tab', { name: 'AR-Email' }).click();
  await expect(page.getByRole('button', { name: /intimacao\.pdf/ })).toBeVisible();
  await expectNoAnswerIn(watch, [page], ANSWER, { from: compatibleFrom, except: withAnswer });

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

test('opened from the e-mail, the public page shows the read it just recorded, fits 360 px, and names the built-in TSA "não credenciada"', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await (await request.post('/v2/login', { data: { username: 'gerente@demo.local', password: DEMO_PASSWORD } })).json();
  const headers = { authorization: `Bearer ${session.token}` };
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [{ to: 'sara@cliente.test', nameTo: 'Sara' }],
      nameFrom: 'Gerente Demo',
      subject: 'Aviso de vencimento 360',
      content: '<p>Seu contrato vence em 10 dias.</p>',
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code, ema_uni_id: uuid } = (await sent.json()).emails[0];
  await expect
    .poll(async () => (await (await request.get(`/v2/emails/status/${code}`, { headers })).json()).lastStatus.email?.type, {
      timeout: 20_000,
    })
    .toBe('send');
  await page.waitForTimeout(5_500);

  const mail = await openLatestMail(page, 'sara@cliente.test', /Aviso de vencimento 360/);
  const pageLink = await mail.getByRole('link', { name: 'Ver a mensagem registrada' }).getAttribute('href');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(pageLink as string);
  await expect(page.getByRole('heading', { name: 'Aviso de vencimento 360' })).toBeVisible();
  // What the visit recorded, without a reload.
  const field = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(field('Situação')).toHaveText('Lido');
  await expect(field('Lido em')).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await expect(page.getByTestId('certificado-leitura')).toBeVisible();

  const noSideScroll = async (p = page) =>
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // The stamps are signed within seconds of the events: the certificate names its TSA.
  await expect(async () => {
    await page.goto(`/emails/info/public/${uuid}`);
    await expect(page.getByTestId('certificado-envio')).toContainText('AR Online TSA embutida (não credenciada ICP-Brasil)', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await noSideScroll();
  await page.screenshot({ path: '/tmp/f-public-360.png', fullPage: true });
  await page.getByRole('tab', { name: 'AR-Email' }).click();
  await expect(page.getByTestId('public-content')).toBeVisible();
  await noSideScroll();

  // The validator the certificate opens, at the same width.
  const [validator] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('tab', { name: 'Resumo' })
      .click()
      .then(() => page.getByTestId('certificado-envio').getByRole('button', { name: 'Validar carimbo' }).click()),
  ]);
  await validator.setViewportSize({ width: 360, height: 740 });
  await expect(validator.getByTestId('stamp-verdict')).toContainText('Carimbo válido');
  await expect(validator.getByText('AR Online TSA embutida (não credenciada ICP-Brasil)').first()).toBeVisible();
  await noSideScroll(validator);
  await validator.screenshot({ path: '/tmp/f-validator-360.png', fullPage: true });
});
