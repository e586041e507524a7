import { expect, type Locator, test } from '@playwright/test';
import { login } from './support.ts';

/** The element lies inside the 390 px wide screen, not off to the side. */
async function expectOnScreen(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what}: right edge`).toBeLessThanOrEqual(390);
}

test.describe('a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sent list on a 390 px phone: every row a card with its status, date and actions on screen', async ({ page }) => {
    await login(page, 'admin@demo.local');
    await page.waitForURL(/\/emails\/enviados$/);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const first = rows.first();
    // The card names each of its cells and drops the heading row.
    await expect(page.locator('thead')).toBeHidden();
    const cell = (label: string) => first.locator(`td[data-label="${label}"]`);
    await expectOnScreen(cell('Para'), 'Para');
    await expectOnScreen(cell('Assunto'), 'Assunto');
    await expectOnScreen(first.getByTestId('status-icons').locator('[role="img"]').first(), 'status icon');
    await expectOnScreen(cell('Criado'), 'date');
    await expect(cell('Criado')).toHaveText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectOnScreen(first.getByRole('button', { name: /^Baixar comprovante de / }), 'proof action');
    await expectOnScreen(first.getByRole('button', { name: /^Ver detalhes de / }), 'detail action');
    // The column's name is shown beside its value, as a person reads a card.
    const label = await cell('Criado').evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Criado"');
    // Nothing scrolls sideways: the page and the table fit the screen.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector('table')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBeLessThanOrEqual(390);
    // The actions work from the card.
    await first.getByRole('button', { name: /^Ver detalhes de / }).click();
    await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  });
});

test('on a wide screen the sent list stays a table with its headings', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await page.waitForURL(/\/emails\/enviados$/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  // Retried: the list may re-render under a live status, and a detached row's computed style is empty.
  await expect(page.locator('tbody tr').first()).toHaveCSS('display', 'table-row');
});
