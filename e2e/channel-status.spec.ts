import { expect, type Locator, test } from '@playwright/test';
import { DEMO_PASSWORD, openDev, openLatestMail } from './support.ts';

// A person's phone: headless Chromium is rightly taken for a program (docs/reads.md).
const PERSON = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A summary field's value (components/Field.tsx: the label, then the value). */
const field = (scope: Locator, label: string) => scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

test('after a click and an SMS answer, the public page says one status per channel and lists both actions in its tracking tab (issue 43)', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const session = await (await request.post('/v2/login', { data: { username: 'usuario@demo.local', password: DEMO_PASSWORD } })).json();
  const headers = { authorization: `Bearer ${session.token}` };
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [{ to: 'lia@cliente.test', nameTo: 'Lia', sms: { name: 'Lia', mobile: '(11) 97777-1234' } }],
      nameFrom: 'Cobrança Demo',
      subject: 'Aviso de vencimento',
      content: '<p>Consulte o <a href="https://www.exemplo.test/contrato">contrato</a>.</p>',
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code, ema_uni_id: uuid } = (await sent.json()).emails[0];
  const statusOf = async () => (await (await request.get(`/v2/emails/status/${code}`, { headers })).json()).lastStatus;
  await expect.poll(async () => (await statusOf()).email?.type, { timeout: 30_000 }).toBe('send');
  await expect.poll(async () => (await statusOf()).sms?.type, { timeout: 30_000 }).toBe('delivered');
  // A person takes a few seconds to act (sooner is a scanner's: docs/reads.md).
  await new Promise((r) => setTimeout(r, 5_500));

  const phone = await browser.newContext({ userAgent: PERSON, viewport: { width: 1000, height: 900 } });
  const p = await phone.newPage();
  // The recipient clicks the e-mail's link (it goes through our page to the address the message had)...
  const mail = await openLatestMail(p, 'lia@cliente.test', /Aviso de vencimento/);
  const tracked = (await mail.getByRole('link', { name: 'contrato' }).getAttribute('href')) as string;
  await phone.route('https://www.exemplo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Contrato</h1>' }));
  await p.goto(tracked);
  await expect(p).toHaveURL('https://www.exemplo.test/contrato', { timeout: 10_000 });
  // ...and answers the SMS without opening its link: the answer implies the read.
  await openDev(p, '/dev/telefone');
  await p.getByRole('link', { name: /97777-1234/ }).click();
  await p.getByPlaceholder('Responder por SMS').fill('Recebi, vou pagar.');
  await p.getByRole('button', { name: 'Enviar' }).first().click();
  await expect.poll(async () => (await statusOf()).sms?.type, { timeout: 30_000 }).toBe('answered');

  // The public page, opened without a flag (it records no read): each channel's status, once.
  await p.goto(`/emails/info/public/${uuid}`);
  await expect(p.getByRole('heading', { name: 'Aviso de vencimento' })).toBeVisible();
  const summary = p.getByRole('tabpanel');
  // The e-mail was sent, not yet delivered nor read: no sending time standing in for the delivery.
  await expect(field(summary, 'Situação')).toHaveText('Enviado');
  await expect(field(summary, 'Entregue em')).toHaveText('—');
  await expect(field(summary, 'Lido em')).toHaveText('—');
  await expect(field(summary, 'SMS')).toContainText('Respondido');
  await p.screenshot({ path: test.info().outputPath('resumo.png'), fullPage: true });

  await p.getByRole('tab', { name: 'AR-SMS' }).click();
  await expect(p.getByTestId('situacao-sms')).toHaveText('Respondido');
  await expect(p.getByTestId('resposta-sms')).toContainText('Recebi, vou pagar.');

  // The tracking tab lists the click and the answer, each by its channel.
  await p.getByRole('tab', { name: 'Rastreamento' }).click();
  const rows = p.getByTestId('tracking-panel').locator('tbody tr');
  await expect(rows.filter({ hasText: 'Clique em link: https://www.exemplo.test/contrato' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Resposta' }).filter({ hasText: 'AR-SMS' })).toHaveCount(1);
  await p.screenshot({ path: test.info().outputPath('rastreamento.png'), fullPage: true });

  // The sender's detail says the same current statuses.
  const last = await statusOf();
  expect([last.email?.type, last.sms?.type]).toEqual(['send', 'answered']);
  await phone.close();
});
