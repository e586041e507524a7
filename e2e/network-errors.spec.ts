import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login } from './support.ts';

// Spec 000 §8: a call that never reaches the server says so, offline or online, on every call,
// and a table keeps the rows it had beside its error.

const OFFLINE = 'Conexão perdida! Por favor verifique sua conexão com a internet. Cod 31';

/** The one error modal on screen (another modal, such as a form, may be under it). */
async function expectNetworkAlert(page: Page, message: string) {
  await expect(page.getByTestId('alert-message')).toHaveCount(1);
  await expect(page.getByTestId('alert-message')).toHaveText(message);
  await page.getByTestId('alert-message').locator('xpath=ancestor::section[1]').getByRole('button').first().click();
  await expect(page.getByTestId('alert-message')).toHaveCount(0);
}

test('offline and online network failures: a search and a save say so, the table keeps its rows', async ({ page, context, request }) => {
  const token = (await (await request.post('/v2/login', { data: { username: 'admin@demo.local', password: DEMO_PASSWORD } })).json()).token;
  await request.post('/v2/etiquetas', {
    headers: { authorization: `Bearer ${token}` },
    data: { eti_nome: 'Rede antes', eti_cor: '#1565c0' },
  });

  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/cadastros/etiquetas');
  const row = page.getByRole('row', { name: /Rede antes/ });
  await expect(row).toBeVisible();

  // Offline: the search runs, fails with Cod 31, and the last good rows stay with the table's error.
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Pesquisar' }).fill('outra coisa');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expectNetworkAlert(page, OFFLINE);
  await expect(page.getByTestId('table-error')).toBeVisible();
  await expect(row).toBeVisible();
  await page.screenshot({ path: 'test-results/network-offline-table.png' });

  // Offline: a save says Cod 31 once (no second 'Houve um erro' over it) and the form stays open.
  await page.getByRole('button', { name: 'Nova Etiqueta' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova Etiqueta' });
  await modal.getByLabel('Nome').fill('Sem rede');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expectNetworkAlert(page, OFFLINE);
  await expect(modal.getByLabel('Nome')).toHaveValue('Sem rede');

  // Online, but the request fails on the way (no answer): 'Erro Interno'.
  await context.setOffline(false);
  await page.route('**/v2/etiquetas', (route) => route.abort('connectionreset'));
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog').getByText('Erro Interno', { exact: true })).toBeVisible();
  await page.getByText('Erro Interno', { exact: true }).locator('xpath=ancestor::section[1]').getByRole('button').first().click();
  await page.unroute('**/v2/etiquetas');

  // Back online the same save goes through and nothing was created by the failed tries.
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toHaveCount(0);
  const list = await (
    await request.get('/v2/etiquetas', { headers: { authorization: `Bearer ${token}` }, params: { searchTerm: 'Sem rede' } })
  ).json();
  expect(list.etiquetas).toHaveLength(1);
});
