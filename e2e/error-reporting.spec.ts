import { expect, test } from '@playwright/test';
import { startFakeSentry } from '../apps/server/test/fake-sentry.ts';
import { waitFor } from '../apps/server/test/smtp-sink.ts';
import { productEnv, startServer } from './product.mjs';
import { DEMO_PASSWORD, expectAlert, login } from './support.ts';

// The web's error reports (spec 000 §8, docs/error-reporting.md) on an installation of its own whose
// SENTRY_DSN points at a stand-in for Sentry's ingest speaking its envelope protocol.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const BASE = `http://localhost:${PORT}`;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let ingest: Awaited<ReturnType<typeof startFakeSentry>>;
let server: ReturnType<typeof startServer>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingest = await startFakeSentry(PORT + 1);
  server = startServer(await productEnv(PORT, { SENTRY_DSN: ingest.dsn, SENTRY_ENVIRONMENT: 'e2e' }));
  await server.ready;
});

test.afterAll(async () => {
  await server?.stop();
  await ingest?.close();
});

test('an error modal reaches the error-reporting service with its title, the failed call and the screen, nothing secret', async ({
  page,
}) => {
  const csp = (await page.request.get(`${BASE}/login`)).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${PORT + 1}(;|$)`));

  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  // What the browser holds of the session (storage and cookies): none of it may reach a report.
  const held = [
    ...Object.values(await page.evaluate(() => ({ ...sessionStorage, ...localStorage }))),
    ...(await page.context().cookies()).map((c) => c.value),
  ];
  await page.goto('/emails/enviados/info/987654');
  await expectAlert(page, 'Aviso', 'Houve um erro ao obter o email');

  const events = await waitFor(
    () => ingest.events().filter((e) => (e.tags as Record<string, string> | undefined)?.where === 'modal'),
    (list) => list.length > 0,
  );
  expect(events[0]).toMatchObject({
    message: 'Aviso: Houve um erro ao obter o email',
    level: 'warning',
    environment: 'e2e',
    tags: { screen: '/emails/enviados/info/987654', call: 'GET /v2/emails/send/987654', 'http.status_code': '404' },
    extra: { title: 'Aviso', message: 'Houve um erro ao obter o email' },
  });
  const raw = ingest.envelopes.map((e) => e.raw).join('\n');
  const secrets = held.flatMap((v) => v.match(/[A-Za-z0-9_-]{24,}/g) ?? []);
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(raw).not.toContain(secret);
  expect(raw).not.toContain(DEMO_PASSWORD);
  expect(raw).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
});

test('an uncaught exception in the page is reported with the screen’s route', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('falha inesperada para ana@cliente.test');
    });
  });
  const [event] = await waitFor(
    () => ingest.events().filter((e) => (e.tags as Record<string, string> | undefined)?.where === 'navegador'),
    (list) => list.length > 0,
  );
  expect(event?.tags).toMatchObject({ screen: '/login' });
  const exception = (event?.exception as { values: { value: string }[] } | undefined)?.values.at(-1);
  expect(exception?.value).toBe('falha inesperada para [e-mail]');
});
