import { expect, test } from '@playwright/test';
import { login } from './support.ts';

test('compose: a label made from "Nova etiqueta" is chosen in the form, a second of the same name is refused, and the credit counter says what it counted', async ({
  page,
}) => {
  await login(page, 'admin@demo.local');
  await page.waitForURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  const pills = page.locator('.mantine-MultiSelect-pill');
  await expect(pills).toHaveCount(0);

  // A new label from compose: saved, and at once among the message's labels.
  await page.getByRole('button', { name: 'Nova etiqueta' }).click();
  let modal = page.getByRole('dialog', { name: 'Nova Etiqueta' });
  await modal.getByLabel(/^Nome/).fill('Cobrança Judicial');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toBeHidden();
  await expect(pills).toHaveText(['Cobrança Judicial']);

  // The same name in other case and without its accent: refused by the server, in Portuguese.
  await page.getByRole('button', { name: 'Nova etiqueta' }).click();
  modal = page.getByRole('dialog', { name: 'Nova Etiqueta' });
  await modal.getByLabel(/^Nome/).fill('COBRANCA JUDICIAL');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  const alert = page.getByRole('dialog', { name: 'Aviso' });
  await expect(alert.getByTestId('alert-message')).toHaveText('Houve um erro ao salvar o etiqueta');
  await expect(alert.getByTestId('alert-detail')).toHaveText('Já existe uma etiqueta com este nome.');
  await alert.getByRole('button').first().click();
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(pills).toHaveText(['Cobrança Judicial']);
  const labels = await page.evaluate(async () => (await (await fetch('/v2/etiquetas?limit=1000')).json()).etiquetas);
  expect(labels.filter((l: { eti_nome: string }) => l.eti_nome.toLowerCase().startsWith('cobran'))).toHaveLength(1);

  // One recipient on five channels: 4 units, and which.
  await page.getByLabel('Nome do destinatário 1').fill('Paula');
  await page.getByLabel('E-mail do destinatário 1').fill('paula@cliente.test');
  await expect(page.getByTestId('credit-breakdown')).toHaveText('AR-Email: 1');
  await page.getByLabel('SMS para o destinatário 1').check();
  await page.getByLabel('Celular para SMS do destinatário 1').fill('11987654321');
  await page.getByLabel('WhatsApp para o destinatário 1').check();
  await page.getByLabel('WhatsApp do destinatário 1').fill('11987654321');
  await page.getByLabel('AR-Voz para o destinatário 1').check();
  await page.getByLabel('Telefone para AR-Voz do destinatário 1').fill('11987654321');
  await page.getByLabel('Carta registrada para o destinatário 1').check();
  await expect(page.getByTestId('credit-counter')).toContainText('AR utilizados: 4 de');
  await expect(page.getByTestId('credit-breakdown')).toHaveText('AR-Email + AR-SMS: 1 · AR-WhatsApp: 1 · AR-Voz: 1 · AR-Carta: 1');
  await page.screenshot({ path: test.info().outputPath('compose-frictions.png'), fullPage: true });
});
