import { expect, test } from '@playwright/test';
import { closeAlert, DEMO_PASSWORD, expectAlert, login, openLatestMail, sessionToken } from './support.ts';

test.describe('sign-in', () => {
  test("empty or non-e-mail username shows 'Informe o Usuário e Senha!'", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectAlert(page, 'Aviso', 'Informe o Usuário e Senha!');
    await closeAlert(page);
    await page.getByLabel('E-mail', { exact: true }).fill('admin');
    await page.getByLabel('Senha', { exact: true }).fill('qualquer');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectAlert(page, 'Aviso', 'Informe o Usuário e Senha!');
  });

  test("a wrong password shows the server's message under 'Aviso'", async ({ page }) => {
    await login(page, 'usuario@demo.local', 'SenhaErrada1!');
    await expectAlert(page, 'Aviso', 'Usuário ou senha inválidos.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the carousel turns every 3 seconds and wraps around', async ({ page }) => {
    await page.goto('/login');
    const title = page.getByTestId('carousel-title');
    const first = await title.textContent();
    await expect(title).not.toHaveText(first ?? '', { timeout: 4500 });
    await page.waitForTimeout(6200);
    await expect(title).toHaveText(first ?? '');
  });

  test('a successful sign-in lands on the sent list, inside the navigation', async ({ page }) => {
    await login(page, 'gerente@demo.local');
    await expect(page).toHaveURL(/\/emails\/enviados$/);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Enviados' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Remessas' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Comprar Créditos' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await expect(page.getByText('Pré pago · Demo Pré-pago')).toBeVisible();
  });

  test('a level 1 user of a postpaid plan sees neither Remessas nor Comprar Créditos', async ({ page }) => {
    await login(page, 'pos@demo.local');
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Enviados' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Remessas' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Comprar Créditos' })).toHaveCount(0);
  });

  test('returns to the page asked for before signing in', async ({ page }) => {
    await page.goto('/cadastros/etiquetas');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, 'usuario@demo.local');
    await expect(page).toHaveURL(/\/cadastros\/etiquetas$/);
  });
});

test('password recovery through the mailbox, a weak password refused, then sign-in with the new one', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueceu sua senha?' }).click();
  await page.getByLabel('E-mail cadastrado').fill('usuario@demo.local');
  await page.getByRole('button', { name: 'Enviar instruções' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText('Enviamos uma mensagem com as instruções');

  const mail = await openLatestMail(page, 'usuario@demo.local', /Recuperação de senha/);
  await mail.getByRole('link', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL(/\/reset\/[A-Za-z0-9_-]+$/);
  const resetUrl = page.url();

  const save = page.getByRole('button', { name: 'Salvar nova senha' });
  const rules = page.getByRole('list', { name: 'Regras da senha' });
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('fraca');
  for (const text of [
    'A senha deve conter 8 ou mais caracteres',
    'A senha deve conter no mínimo uma letra maiúscula',
    'A senha deve conter pelo menos um número',
    'A senha deve conter pelo menos 1 caractere especial (#, $, %, *, !, +, -, ...)',
  ]) {
    await expect(rules.getByRole('listitem').filter({ hasText: text })).toHaveAttribute('data-ok', 'false');
  }
  await expect(rules.getByRole('listitem').filter({ hasText: 'A senha deve conter pelo menos uma letra minúscula' })).toHaveAttribute(
    'data-ok',
    'true',
  );
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Recuperada@2026');
  await page.getByLabel('Confirme a nova senha').fill('Recuperada@2027');
  await expect(page.getByText('As senhas não são iguais')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirme a nova senha').fill('Recuperada@2026');
  await expect(save).toBeEnabled();
  await save.click();
  // Done: the message shows over the login, not over the form (issue 43).
  await expectAlert(page, 'Sucesso', 'Senha alterada com sucesso!');
  await expect(page).toHaveURL(/\/login$/);
  await expect(save).toHaveCount(0);
  await closeAlert(page);
  await expect(page).toHaveURL(/\/login$/);

  await login(page, 'usuario@demo.local', DEMO_PASSWORD);
  await expectAlert(page, 'Aviso', 'Usuário ou senha inválidos.');
  await closeAlert(page);
  await login(page, 'usuario@demo.local', 'Recuperada@2026');
  await expect(page).toHaveURL(/\/emails\/enviados$/);

  // The link was single use.
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { name: 'Esse link não é mais válido' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o login' })).toBeVisible();

  // The demo account gets its documented password back for the journeys that follow.
  const signedIn = await (
    await request.post('/v2/login', { data: { username: 'usuario@demo.local', password: 'Recuperada@2026' } })
  ).json();
  const restored = await request.put(`/v2/usuarios/${signedIn.user.usu_codigo}/password/reset`, {
    headers: { authorization: `Bearer ${signedIn.token}` },
    data: { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(restored.ok()).toBeTruthy();
});

test('an unknown reset link says it is no longer valid', async ({ page }) => {
  await page.goto('/reset/link-que-nao-existe-0000000000000');
  await expect(page.getByRole('heading', { name: 'Esse link não é mais válido' })).toBeVisible();
});

test('the first administrator must change the temporary password before anything else', async ({ page, request }) => {
  await login(page, 'primeiro.admin@e2e.local', 'Temporaria@2026');
  await expect(page).toHaveURL(/\/change\/password$/);
  await expect(page.getByText('Troca de senha obrigatória')).toBeVisible();
  await closeAlert(page);
  await page.goto('/cadastros/etiquetas');
  await expect(page).toHaveURL(/\/change\/password$/);
  // The server holds the line too: until the change, the token reaches nothing else.
  const token = await sessionToken(page);
  const blocked = await request.get('/v2/etiquetas', { headers: { authorization: `Bearer ${token}` } });
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).message).toBe('Você precisa definir uma nova senha antes de continuar.');
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Definitiva@2026');
  await page.getByLabel('Confirme a nova senha').fill('Definitiva@2026');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectAlert(page, 'Sucesso', 'Senha alterada com sucesso!');
  await closeAlert(page);
  await expect(page).not.toHaveURL(/\/change\/password$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'primeiro.admin@e2e.local', 'Definitiva@2026');
  await expect(page).toHaveURL(/\/emails\/enviados$|\/cadastros\/etiquetas$/);
});

test('a 401 ends the session with the spec message and returns to /login', async ({ page, request, context }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const token = await sessionToken(page);
  // The session ends on the server (signed out elsewhere): the server closes the screen's socket, and
  // the open screen says so at once, without waiting for its next call.
  await request.post('/v2/logout', { headers: { authorization: `Bearer ${token}` } });
  await expectAlert(page, 'Aviso', 'Sessão expirada! Faça login novamente.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('ar.user'))).toBeNull();
  await closeAlert(page);

  // A session the server no longer knows (expired while the browser kept its cookie): the next
  // screen's call answers 401, with the same message.
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const url = new URL(page.url());
  await context.addCookies([
    { name: 'ar_sessao', value: 'x'.repeat(43), domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.goto('/cadastros/whitelist');
  await expectAlert(page, 'Aviso', 'Sessão expirada! Faça login novamente.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a route of a screen not built yet shows the not-found page inside the frame', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/rota/que/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
});
