import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026!';

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * The page's session token: the HttpOnly session cookie its browser context holds (every tab of a
 * context shares it), for the API calls a test makes to prepare or check data.
 */
export async function sessionToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ar_sessao')?.value;
  if (!token) throw new Error('no session in this browser context');
  return token;
}

/** The spec's error modal: its title and message. */
export async function expectAlert(page: Page, title: string, message: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(title, { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('alert-message')).toHaveText(message);
}

export async function closeAlert(page: Page) {
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Opens a page of the demo mode's simulators (/dev/mailbox, /dev/telefone…) as a signed-in user, the
 * way a person does: /simuladores hands the tab's session to the /dev pages; a tab without one
 * signs in as `as` first (the demo administrator sees every demo user's mail and phone).
 */
export async function openDev(page: Page, path: string, as = 'admin@demo.local') {
  await page.goto(`/simuladores?destino=${encodeURIComponent(path)}`);
  await page.waitForURL((url) => url.pathname === '/login' || url.pathname === path);
  if (new URL(page.url()).pathname === '/login') {
    await page.getByLabel('E-mail', { exact: true }).fill(as);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === path);
  }
}

/** Opens the newest captured e-mail to `to` in the local mailbox and answers its page. */
export async function openLatestMail(page: Page, to: string, subject: RegExp, as?: string) {
  const row = page.locator('tr', { hasText: to }).filter({ hasText: subject }).first();
  // Some mail leaves through a job (password recovery): look again until it is there.
  await expect(async () => {
    const res = await page.goto('/dev/mailbox');
    if (res?.status() === 401) await openDev(page, '/dev/mailbox', as);
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole('link').click();
  await expect(page.locator('#subject')).toHaveText(subject);
  return page.frameLocator('iframe');
}
