import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support.ts';

test('the validator page checks a PDF: an issued laudo shows its protocol, a changed byte is refused', async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = await (await request.post('/v2/login', { data: { username: 'usuario@demo.local', password: DEMO_PASSWORD } })).json();
  const headers = { authorization: `Bearer ${session.token}` };
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [{ to: 'perito@cliente.test', nameTo: 'Perito' }],
      nameFrom: 'Usuário Demo',
      subject: 'Notificação extrajudicial',
      content: '<p>Prezado, segue a notificação.</p>',
    },
  });
  expect(sent.ok()).toBeTruthy();
  const { ema_uni_codigo: code } = (await sent.json()).emails[0];
  const laudo = await request.get(`/v2/emails/report/laudo/${code}`, { headers });
  expect(laudo.ok()).toBeTruthy();
  const pdf = await laudo.body();

  await page.goto('/validador');
  await page.getByRole('tab', { name: 'Documento PDF' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: `laudo-pericial-${code}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('document-verdict')).toContainText('Documento válido');
  await expect(page.getByTestId('document-protocol')).toContainText(String(code));
  await expect(page.getByText('Documento: Laudo pericial')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('validador-documento.png'), fullPage: true });

  const changed = Buffer.from(pdf);
  const at = changed.indexOf('Laudo');
  changed[at] = 'l'.charCodeAt(0);
  await page.locator('input[type="file"]').setInputFiles({ name: 'alterado.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(page.getByTestId('document-verdict')).toContainText('Documento inválido');
  await expect(page.getByTestId('document-verdict')).toContainText('o arquivo foi alterado depois de assinado');

  // The stamp tab is still there, next to it.
  await page.getByRole('tab', { name: 'Carimbo do tempo' }).click();
  await expect(page.getByText('Validação de carimbo do tempo')).toBeVisible();
});
