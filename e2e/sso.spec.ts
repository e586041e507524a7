import { expect, type Page, test } from '@playwright/test';
import { CookieJar, startOidcProvider, TEST_CLIENT, walkProvider } from '../apps/server/test/oidc-provider.ts';
import { productEnv, startServer } from './product.mjs';
import { expectAlert } from './support.ts';

// Single sign-on (docs/access.md) against a real OpenID provider (oidc-provider, run here on a free
// port with its development sign-in pages), on an installation of its own with LOCAL_LOGIN=false:
// the button is the only way in, the provider's screens, back as the right user, a second tab
// signed in, sign-out in one tab leaving the other, RP-initiated and back-channel logout.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const BASE = `http://localhost:${PORT}`;
test.use({ baseURL: BASE });
const ACCOUNTS = {
  admin: { email: 'admin@demo.local', email_verified: true, name: 'Administrador' },
  estranho: { email: 'ninguem@empresa.example', email_verified: true },
};
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let server: ReturnType<typeof startServer>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  op = await startOidcProvider(BASE, ACCOUNTS);
  server = startServer(
    await productEnv(PORT, {
      PUBLIC_URL: BASE,
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_LABEL: 'Entrar com gov.br',
      LOCAL_LOGIN: 'false',
    }),
  );
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
  await op?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The button, then the provider's development sign-in and consent pages as `login`. */
async function signInThroughProvider(page: Page, login: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Entrar com gov.br' }).click();
  await page.waitForURL((url) => url.origin === op.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('qualquer');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The consent page, the first time this account meets the product.
  const consent = page.getByRole('button', { name: 'Continue' });
  await page.waitForURL((url) => url.origin === op.issuer && url.pathname.startsWith('/interaction'));
  if (await consent.isVisible()) await consent.click();
}

test('only the provider button with LOCAL_LOGIN=false; an unknown e-mail comes back refused, naming it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Entrar com gov.br' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Esqueceu sua senha?')).toHaveCount(0);
  await shot(page, 'login-sso-only');
  await signInThroughProvider(page, 'estranho');
  await page.waitForURL(`${BASE}/login`);
  await expectAlert(
    page,
    'Aviso',
    'O e-mail ninguem@empresa.example não tem acesso ao AR Online. Peça ao administrador da sua conta que cadastre esse e-mail.',
  );
  await shot(page, 'login-sso-refused');
});

test('signed in through the provider as the right user, in every tab; sign-out in one tab signs out the other and the provider', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInThroughProvider(page, 'admin');
  await page.waitForURL(/\/emails\/enviados$/);
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toContainText('Administrador');
  expect((await (await page.request.get('/v2/me')).json()).usu_login).toBe('admin@demo.local');
  await shot(page, 'signed-in');

  // A second tab on a message's detail (a link opened with ctrl-click, or pasted): signed in.
  const first = await page.request.get('/v2/emails/send?limit=1');
  expect(first.ok()).toBeTruthy();
  const id = ((await first.json()).emails as { ema_uni_codigo: number }[])[0]?.ema_uni_codigo;
  expect(id).toBeTruthy();
  const second = await context.newPage();
  await second.goto(`/emails/enviados/info/${id}`);
  await expect(second).toHaveURL(new RegExp(`/emails/enviados/info/${id}$`));
  await expect(second.getByRole('heading', { name: 'Detalhes do AR-Email' })).toBeVisible();
  await shot(second, 'second-tab');

  // Sign out in the first tab: the provider asks to confirm, then back on /login; the second tab leaves too.
  await page.goto('/logout');
  await page.waitForURL((url) => url.origin === op.issuer);
  await shot(page, 'provider-logout');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL(`${BASE}/login`);
  await expect(second).toHaveURL(/\/login$/);
  expect((await page.request.get('/v2/me')).status()).toBe(401);
});

test('back-channel logout: signing out at the provider ends the product session, and the open screen goes to /login', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughProvider(page, 'admin');
  await page.waitForURL(/\/emails\/enviados$/);
  // The organisation ends the person's session at the provider (another application, or off-boarding):
  // the provider posts its logout token to the product, with this browser's provider cookies.
  const jar = new CookieJar();
  for (const c of await page.context().cookies(op.issuer)) jar.cookies.set(c.name, c.value);
  await walkProvider(`${op.issuer}/session/end`, jar, op.issuer, 'admin', { logout: 'yes' });
  await expectAlert(page, 'Aviso', 'Sessão expirada! Faça login novamente.');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/v2/me')).status()).toBe(401);
});
