import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, openLatestMail } from './support.ts';

/**
 * Every screen under the Content-Security-Policy (docs/security.md): each demo account visits each
 * signed-in screen of the router (apps/web/src/app/router.tsx), then the public pages, the local
 * mailbox and the tracked-link page; the browser must report no CSP violation anywhere.
 */
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

const ACCOUNTS = ['admin@demo.local', 'gerente@demo.local', 'usuario@demo.local', 'pos@demo.local'];

/** The signed-in screens (appRoutes), with the ids of the account's own records where a path needs one. */
const signedInScreens = (ids: { sent: number; template: number }) => [
  '/emails/enviados',
  `/emails/enviados/info/${ids.sent}`,
  `/emails/sending-proof/${ids.sent}`,
  '/emails/novo',
  '/emails/recebidos',
  '/emails/recebidos/info/1',
  '/cadastros/modelos',
  '/cadastros/modelos/add',
  `/cadastros/modelos/edit/${ids.template}`,
  '/cadastros/usuarios',
  '/cadastro/entidades',
  '/configuracao/conta',
  '/cadastros/destinatarios',
  '/cadastros/whitelist',
  '/cadastros/etiquetas',
  '/planos',
  '/realiza',
  '/change/password',
  '/pagina-que-nao-existe',
];

/** Screens without a session (the router's top level). */
const openScreens = [
  '/login',
  '/recovery',
  '/reset/token-invalido',
  '/sign-up/00000000-0000-4000-8000-000000000000',
  '/confirm-registration/token-invalido',
  '/externo',
  '/privacidade',
  '/ajuda/bloqueio',
  '/validador',
  '/emails/info/public/00000000-0000-4000-8000-000000000000',
];

/** Collects every CSP violation the pages of a context report, from any frame. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation?.(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) violations.push(`${msg.location().url}: ${msg.text()}`);
  });
  return violations;
}

/** Opens a screen and lets it load its data and lazy chunks. */
async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
}

async function sendOne(request: APIRequestContext, account: string) {
  const session = await (await request.post('/v2/login', { data: { username: account, password: DEMO_PASSWORD } })).json();
  const headers = { authorization: `Bearer ${session.token}` };
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: [{ to: `csp-${account.split('@')[0]}@cliente.test`, nameTo: 'Cliente CSP' }],
      nameFrom: 'Remetente CSP',
      subject: `Verificação de política ${account}`,
      content: '<p style="color:#1c4e80">Veja <a href="https://www.exemplo.test/fatura?id=7">a fatura</a>.</p>',
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const { ema_uni_codigo: sentId, ema_uni_id: uuid } = (await sent.json()).emails[0];
  const templates = await (await request.get('/v2/modelos', { headers })).json();
  const template = Number(templates?.modelos?.[0]?.mod_codigo ?? templates?.items?.[0]?.mod_codigo ?? 1);
  return { sent: Number(sentId), uuid: uuid as string, template, headers };
}

test('no screen of the product violates its Content-Security-Policy, for any demo account or a recipient', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const ids = new Map<string, Awaited<ReturnType<typeof sendOne>>>();
  for (const account of ACCOUNTS) ids.set(account, await sendOne(request, account));

  for (const account of ACCOUNTS) {
    const context = await browser.newContext();
    const violations = await watchViolations(context);
    const page = await context.newPage();
    await login(page, account);
    await expect(page).toHaveURL(/\/emails\/enviados$/);
    for (const path of signedInScreens(ids.get(account) as { sent: number; template: number })) await visit(page, path);
    await visit(page, '/logout');
    expect(violations, account).toEqual([]);
    await context.close();
  }

  const context = await browser.newContext();
  const violations = await watchViolations(context);
  const page = await context.newPage();
  for (const path of openScreens) await visit(page, path);

  // The recipient: the e-mail in the local mailbox (its own policy), the public page, the tracked link.
  const gerente = ids.get('gerente@demo.local') as Awaited<ReturnType<typeof sendOne>>;
  await expect
    .poll(
      async () =>
        (await (await request.get(`/v2/emails/status/${gerente.sent}`, { headers: gerente.headers })).json()).lastStatus.email?.type,
      {
        timeout: 20_000,
      },
    )
    .toBe('send');
  const mail = await openLatestMail(page, 'csp-gerente@cliente.test', /Verificação de política/);
  await expect(mail.getByRole('link', { name: 'a fatura' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('caixa-local.png'), fullPage: true });
  const tracked = await mail.getByRole('link', { name: 'a fatura' }).getAttribute('href');

  await visit(page, `/emails/info/public/${gerente.uuid}`);
  await expect(page.getByRole('heading', { name: /Verificação de política/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pagina-publica.png'), fullPage: true });

  // The 2-second page names the destination's host before going there.
  await context.route('https://www.exemplo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Fatura</h1>' }));
  await page.goto(tracked as string);
  await expect(page.getByTestId('link-host')).toHaveText('www.exemplo.test');
  await page.screenshot({ path: test.info().outputPath('link-rastreado.png'), fullPage: true });
  await expect(page).toHaveURL('https://www.exemplo.test/fatura?id=7', { timeout: 10_000 });

  expect(violations).toEqual([]);
  await context.close();
});
