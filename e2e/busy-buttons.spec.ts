import fs from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { expectAlert, login } from './support.ts';

/**
 * Holds the answers of `pattern` until the test releases them: the moment between the click and the
 * file, which a fast machine makes too short to see, is made as long as the generation of a laudo
 * on a loaded server.
 */
async function holdAnswers(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  await page.route(pattern, (route) => {
    held.push(route);
  });
  return {
    arrived: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async (answer: 'real' | 'failure') => {
      for (const route of held.splice(0)) {
        if (answer === 'real') await route.fulfill({ response: await route.fetch() });
        else await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Erro Interno' }) });
      }
    },
  };
}

test('the laudo button shows that it is working, then the PDF arrives; a failure says so in Portuguese', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await page.waitForURL(/\/emails\/enviados$/);
  await page.locator('tbody tr').first().click();
  await page.waitForURL(/\/emails\/enviados\/info\/\d+$/);
  const laudo = page.getByRole('button', { name: 'Relatório pericial' });
  await expect(laudo).toBeEnabled();

  const hold = await holdAnswers(page, /\/v2\/emails\/report\/laudo\/\d+$/);
  const download = page.waitForEvent('download');
  await laudo.click();
  await hold.arrived();
  // Working: Mantine's loading state (spinner, data-loading, disabled against a second click).
  await expect(laudo).toHaveAttribute('data-loading', 'true');
  await expect(laudo).toBeDisabled();
  await hold.release('real');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(laudo).not.toHaveAttribute('data-loading');
  await expect(laudo).toBeEnabled();

  // A failure ends the loading state with the screen's message.
  await laudo.click();
  await hold.arrived();
  await expect(laudo).toHaveAttribute('data-loading', 'true');
  await hold.release('failure');
  await expectAlert(page, 'Aviso', 'Houve um erro ao gerar o Relatório Pericial');
  await expect(laudo).not.toHaveAttribute('data-loading');
});

test("the sent list's proof icon shows that the proof is being made until it is downloaded", async ({ page }) => {
  await login(page, 'admin@demo.local');
  await page.waitForURL(/\/emails\/enviados$/);
  const proof = page
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Baixar comprovante de / });
  const hold = await holdAnswers(page, /\/v2\/emails\/sending-proof\/\d+$/);
  const download = page.waitForEvent('download');
  await proof.click();
  await hold.arrived();
  await expect(proof).toHaveAttribute('data-loading', 'true');
  // Only that row's icon: the next row's stays as it was.
  await expect(
    page
      .locator('tbody tr')
      .nth(1)
      .getByRole('button', { name: /^Baixar comprovante de / }),
  ).not.toHaveAttribute('data-loading');
  await hold.release('real');
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(proof).not.toHaveAttribute('data-loading');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
});
