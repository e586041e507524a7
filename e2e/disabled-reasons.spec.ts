import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login } from './support.ts';

// Issue 15, "a disabled button always says why": every unmet rule shows next to its field, the
// ones about what the form already holds at once, all of them on a click of the disabled button.

async function bearer(request: APIRequestContext, email: string) {
  const res = await request.post('/v2/login', { data: { username: email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

const SPECIAL_CHARS = 'Não é permitido caracteres especiais neste campo!';
const ATTACHMENT_REQUIRED = 'Você deve selecionar um ou mais anexos';

test('the demo postpaid user can send under its own name: the seeded name passes the sender rule', async ({ page }) => {
  await login(page, 'pos@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await expect(page.getByRole('textbox', { name: 'Remetente' })).toHaveValue('Usuário Pós pago');
  await expect(page.getByText(SPECIAL_CHARS)).toHaveCount(0);
});

test('compose: the disabled Enviar of an empty form says why on hover and on focus', async ({ page }) => {
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await expect(page.getByTestId('recipients-count')).toHaveText('1 de 10 destinatário(s)');
  const send = page.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  const tooltip = page.getByRole('tooltip');
  // Hover: the unmet rules, before anything is clicked.
  await send.hover();
  await expect(tooltip).toContainText('Para enviar:');
  for (const rule of ['Informe o nome do destinatário.', 'Informe o assunto.', 'Informe o conteúdo da mensagem.'])
    await expect(tooltip).toContainText(rule);
  await page.screenshot({ path: 'test-results/compose-send-reasons.png' });
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  // Focus (the keyboard reaches the disabled button): the same, and it is the button's description.
  await page.getByRole('button', { name: 'Limpar', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await expect(tooltip).toContainText('Informe o assunto.');
  await expect(send).toHaveAccessibleDescription(/^Para enviar: .*Informe o assunto\./);
  // Enter on it shows each rule next to its field, as a click does; nothing is sent.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Informe o assunto.').first()).toBeVisible();
  await expect(page.getByTestId('recipient-1-problem')).toHaveText('Informe o nome do destinatário.');
  await expect(page).toHaveURL(/\/emails\/novo$/);
});

test('compose: a prefilled sender that breaks the rule and a required attachment say so at once; a click on Enviar shows the rest', async ({
  page,
  request,
}) => {
  // The user's own name with a hyphen (allowed as a name, not as a sender) and attachments required.
  const headers = await bearer(request, 'usuario@demo.local');
  const saved = await request.put('/v2/usuarios-settings', { headers, data: { usu_nome: 'Ana Souza-Lima', usu_anexo_obrigatorio: 'S' } });
  expect(saved.ok()).toBe(true);
  try {
    await composeWithUnmetRules(page);
  } finally {
    // The other journeys send as this user: its name and settings go back as seeded.
    await request.put('/v2/usuarios-settings', { headers, data: { usu_nome: 'Usuário Demo', usu_anexo_obrigatorio: 'N' } });
  }
});

async function composeWithUnmetRules(page: Page) {
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  const send = page.getByRole('button', { name: 'Enviar' });
  await expect(page.getByRole('textbox', { name: 'Remetente' })).toHaveValue('Ana Souza-Lima');
  await expect(send).toBeDisabled();
  // Shown as soon as the form is, before anything is typed or clicked.
  await expect(page.getByText(SPECIAL_CHARS)).toBeVisible();
  await expect(page.getByText(ATTACHMENT_REQUIRED)).toBeVisible();
  // Empty fields are not yet in red...
  await expect(page.getByText('Informe o assunto.')).toHaveCount(0);
  // ...until the disabled button is clicked, as a person would.
  await page.getByTestId('send-button-box').click();
  await expect(page.getByText('Informe o assunto.')).toBeVisible();
  await expect(page.getByText('Informe o conteúdo da mensagem.')).toBeVisible();
  await expect(page.getByTestId('recipient-1-problem')).toHaveText('Informe o nome do destinatário.');
  await page.screenshot({ path: 'test-results/compose-unmet-rules.png', fullPage: true });

  // Each fix takes its message away; with all of them met, Enviar is enabled.
  await page.getByRole('textbox', { name: 'Remetente' }).fill('Ana Souza Lima');
  await expect(page.getByText(SPECIAL_CHARS)).toHaveCount(0);
  await page.getByLabel('Nome do destinatário 1').fill('Carla');
  await page.getByLabel('E-mail do destinatário 1').fill('carla@cliente.test');
  await page.getByLabel('Assunto').fill('Notificação');
  await page.getByTestId('compose-body').locator('[contenteditable=true]').fill('Prezada Carla, segue a notificação.');
  await expect(send).toBeDisabled();
  await page
    .locator('input[type=file][accept*=".pdf"]')
    .setInputFiles({ name: 'notificacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n') });
  await expect(page.getByText(ATTACHMENT_REQUIRED)).toHaveCount(0);
  await expect(send).toBeEnabled();
}

test('sign-up: an invalid CPF disables Cadastrar, and a click on it shows every unmet rule', async ({ page, request }) => {
  const headers = await bearer(request, 'admin@demo.local');
  const list = await (await request.get('/v2/entidades-tables', { headers, params: { limit: 100 } })).json();
  const rows = Object.values(list).find(Array.isArray) as { ent_uuid: string; ent_nome_fantasia: string }[];
  const entity = rows.find((r) => r.ent_nome_fantasia === 'Demo Pré-pago');
  expect(entity).toBeTruthy();

  await page.goto(`/sign-up/${entity?.ent_uuid}`);
  const submit = page.getByRole('button', { name: 'Cadastrar' });
  await page.getByLabel('CPF').fill('11111111111');
  await page.getByLabel('CPF').blur();
  await expect(page.getByText('CPF inválido.')).toBeVisible();
  await expect(submit).toBeDisabled();
  // The other required fields have not been visited: a click on Cadastrar shows their rules too.
  await page.getByTestId('signup-submit-box').click();
  await expect(page.getByText('CPF inválido.')).toBeVisible();
  await expect(page.getByText('Informe uma data de nascimento válida.')).toBeVisible();
  await page.screenshot({ path: 'test-results/signup-unmet-rules.png', fullPage: true });
  await page.getByLabel('CPF').fill('52998224725');
  await expect(page.getByText('CPF inválido.')).toHaveCount(0);
});
