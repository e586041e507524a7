import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DEMO_PASSWORD, login, openLatestMail } from './support.ts';

async function apiToken(request: APIRequestContext, email: string) {
  const res = await request.post('/v2/login', { data: { username: email, password: DEMO_PASSWORD } });
  return (await res.json()).token as string;
}

test('sent messages: the list, search, detail with tags and attachment, and the e-mail the recipient gets', async ({ page, request }) => {
  const token = await apiToken(request, 'gerente@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const tag = await (await request.post('/v2/etiquetas', { headers, data: { eti_nome: 'Jurídico', eti_cor: '#1971c2' } })).json();
  const upload = await request.post('/v2/emails/attachments', {
    headers,
    multipart: { attachments: { name: 'notificacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
  });
  expect(upload.ok()).toBeTruthy();
  const [attachment] = await upload.json();
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [
        { to: 'carla@cliente.test', nameTo: 'Carla' },
        { to: 'diego@cliente.test', nameTo: 'Diego' },
      ],
      nameFrom: 'Gerente Demo',
      subject: 'Aviso de rescisão',
      identificacao: 'Processo 42',
      content: '<p>Conforme <a href="https://www.exemplo.test/contrato">contrato</a>, comunicamos a rescisão.</p>',
      attachments: [attachment.uuidFilename],
    },
  });
  expect(sent.ok()).toBeTruthy();

  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await expect(page.getByRole('heading', { name: 'AR-Email Enviados' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('table-footer')).toHaveText('Mostrando de 1 até 2 de 2 registros');
  // The status icon turns from Processado to Enviado once the worker has sent it.
  await expect(rows.first().getByLabel('AR-Email: Enviado')).toBeVisible({ timeout: 20_000 });

  await page.getByPlaceholder('Procurar pelos campos: Para, Assunto, Identificação...').fill('diego');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.first().click();

  await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Para', exact: true })).toHaveValue('Diego <diego@cliente.test>');
  await expect(page.getByTestId('status-panel-email')).toContainText('Enviado');
  await expect(page.getByRole('button', { name: /notificacao\.pdf/ })).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar etiqueta' }).click();
  await page.getByRole('checkbox', { name: tag.etiqueta.eti_nome }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Novas etiquetas adicionadas com sucesso!')).toBeVisible();
  await expect(page.getByLabel(`Remover etiqueta ${tag.etiqueta.eti_nome}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /notificacao\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('notificacao.pdf');
  const detailUrl = page.url();

  // The sending proof: a printable page whose QR code leads to the public page, and its PDF.
  await page.getByRole('link', { name: 'Comprovante de envio' }).click();
  await expect(page).toHaveURL(/\/emails\/sending-proof\/\d+$/);
  const proof = page.getByTestId('sending-proof');
  await expect(proof.getByRole('heading', { name: 'Comprovante de Envio' })).toBeVisible();
  await expect(proof).toContainText('Diego <diego@cliente.test>');
  await expect(page.getByTestId('proof-status')).toContainText('Enviado');
  const qrSrc = (await page.getByTestId('proof-qr').getAttribute('src')) as string;
  const png = PNG.sync.read(Buffer.from(qrSrc.split(',')[1] as string, 'base64'));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toMatch(/\/emails\/info\/public\/[0-9a-f-]{36}$/);
  await expect(proof.getByRole('link', { name: decoded?.data as string })).toBeVisible();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar PDF' }).click();
  const pdfPath = test.info().outputPath('comprovante.pdf');
  await (await pdfDownload).saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain('Comprovante de Envio');
  expect(pdfText).toContain('diego@cliente.test');

  // The expert report from the detail, and the proof from the list's row.
  await page.goto(detailUrl);
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Relatório pericial' }).click();
  const reportPath = test.info().outputPath('laudo.pdf');
  await (await report).saveAs(reportPath);
  expect(execFileSync('pdftotext', [reportPath, '-'], { encoding: 'utf8' })).toContain('openssl ts -verify');
  await page.goto('/emails/enviados');
  const rowProof = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar comprovante de Diego' }).click();
  expect((await rowProof).suggestedFilename()).toMatch(/\.pdf$/);

  const mail = await openLatestMail(page, 'diego@cliente.test', /Aviso de rescisão/);
  await expect(mail.getByText('AR-Email — mensagem eletrônica registrada')).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Ver a mensagem registrada' })).toHaveAttribute(
    'href',
    /\/emails\/info\/public\/[0-9a-f-]{36}\?email=1$/,
  );
  await expect(mail.getByRole('link', { name: 'contrato' })).toHaveAttribute(
    'href',
    /\/emails\/info\/public\/track-link-externo\/[0-9a-f-]{36}$/,
  );
});
