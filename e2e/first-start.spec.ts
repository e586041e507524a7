import { expect, test } from '@playwright/test';
import { login } from './support.ts';

// A fresh embedded start (SEED_DEMO) is not empty: the first demo account already has a short
// history, made by the product at start — every status, and a reply in its received mail.
test('a fresh start shows the demo history in the sent list and a reply in received mail', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const rows = page.locator('tbody tr');
  // The history is made in the background after listen; the last step is the reply.
  await expect(async () => {
    await page.reload();
    await expect(rows.getByLabel('AR-Email: Respondido')).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 150_000 });

  await expect(page.getByTestId('table-footer')).toHaveText('Mostrando de 1 até 12 de 12 registros');
  for (const [label, n] of [
    ['Processado', 1],
    ['Enviado', 2],
    ['Entregue', 2],
    ['Lido', 2],
    ['Confirmado', 2],
    ['Respondido', 1],
    ['Falha no Envio/Entrega', 2],
  ] as const) {
    await expect(rows.getByLabel(`AR-Email: ${label}`), label).toHaveCount(n);
  }

  // A confirmed message: its detail shows the path it took.
  await rows
    .filter({ has: page.getByLabel('AR-Email: Confirmado') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  const panel = page.getByTestId('status-panel-email');
  for (const label of ['Enviado', 'Lido', 'Confirmado']) await expect(panel).toContainText(label);

  await page.goto('/emails/recebidos');
  const reply = page.locator('tbody tr').filter({ hasText: 'carlos.pereira@cliente.example' });
  await expect(reply).toHaveCount(1);
  await reply.click();
  await expect(page).toHaveURL(/\/emails\/recebidos\/info\/\d+$/);
  await expect(page.frameLocator('[data-testid=received-content]').locator('body')).toContainText('Discordo do prazo de 30 dias');
});
