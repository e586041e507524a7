import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { productEnv, startServer } from './product.mjs';
import { DEMO_PASSWORD, login } from './support.ts';

// An installation of its own: the messages sent here for the public page do not change what the
// other journeys count on the shared one.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
test.use({ baseURL: `http://localhost:${PORT}` });
let server: ReturnType<typeof startServer>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = startServer(await productEnv(PORT));
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * axe-core over the screens a new user meets first: no critical or serious violation of WCAG 2.1
 * A/AA or of axe's best practices. The report names each rule, its impact and the first nodes, so
 * a failure says what to fix.
 */
async function expectNoSeriousViolations(page: Page, screen: string, impacts = ['critical', 'serious']) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => impacts.includes(v.impact ?? ''));
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.html.slice(0, 160)} — ${n.failureSummary?.replace(/\s+/g, ' ')}`)
        .join('\n'),
  );
  expect.soft(report, `${screen}: axe violations`).toEqual([]);
  // The run really looked at the page: a blank or broken screen passes nothing.
  expect(results.passes.length, `${screen}: axe checked rules`).toBeGreaterThan(10);
}

test('login, dashboard, compose, the sent list and detail and the public page have no critical or serious axe violation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  // The sign-in page, the first a person sees, is held to every rule: moderate and minor ones too.
  await expectNoSeriousViolations(page, '/login', ['critical', 'serious', 'moderate', 'minor']);

  await login(page, 'admin@demo.local');
  await page.waitForURL(/\/emails\/enviados$/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/emails/enviados');

  await page.goto('/dashboard');
  await expect(page.getByText('Total de Envios por Canais')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/dashboard');

  await page.goto('/emails/novo');
  await expect(page.getByRole('button', { name: 'Enviar', exact: true })).toBeVisible();
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await expectNoSeriousViolations(page, '/emails/novo');

  await page.goto('/emails/enviados');
  await page.locator('tbody tr').first().click();
  await page.waitForURL(/\/emails\/enviados\/info\/\d+$/);
  await expect(page.getByTestId('status-panel-email')).toBeVisible();
  await expectNoSeriousViolations(page, '/emails/enviados/info');

  // The public page a recipient opens from the e-mail, with and without a security question.
  const token = (await (await request.post('/v2/login', { data: { username: 'gerente@demo.local', password: DEMO_PASSWORD } })).json())
    .token as string;
  const sent = await request.post('/v2/emails/send', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      destinataires: [
        { to: 'acessivel@cliente.test', nameTo: 'Ana' },
        { to: 'pergunta@cliente.test', nameTo: 'Bia', validacaoNotif: { pergunta: 'Qual o seu CPF?', resposta: '12345' } },
      ],
      nameFrom: 'Gerente Demo',
      subject: 'Aviso acessível',
      content: '<p>Consulte o <a href="https://www.exemplo.test/aviso">aviso</a> completo.</p>',
    },
  });
  expect(sent.ok()).toBeTruthy();
  const [open, asked] = (await sent.json()).emails as { ema_uni_codigo: number; ema_uni_id: string }[];
  // The page as the recipient finds it: after the message left.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/v2/emails/status/${open?.ema_uni_codigo}`, { headers: { authorization: `Bearer ${token}` } })).json())
          .lastStatus.email?.type,
      { timeout: 30_000 },
    )
    .toBe('send');
  await page.goto(`/emails/info/public/${open?.ema_uni_id}`);
  await expect(page.getByText('Aviso acessível').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'public page');
  await page.goto(`/emails/info/public/${asked?.ema_uni_id}`);
  await expect(page.getByText('Qual o seu CPF?')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, 'public page with a security question');
});
