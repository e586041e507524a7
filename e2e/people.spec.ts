import { expect, type Page, test } from '@playwright/test';
import { closeAlert, expectAlert, login, openLatestMail } from './support.ts';

/** The 'Nome' field (its label carries the required mark), not 'Nome da conta' or 'Nome fantasia'. */
const NAME = /^Nome( \*)?$/;

const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@exemplo.com.br`;

/** Follows the newest invitation to `email`, confirms name and password, and lands on /login. */
async function confirmInvitation(page: Page, email: string, subject: RegExp, name: string, password: string) {
  const mail = await openLatestMail(page, email, subject);
  await mail.getByRole('link', { name: 'Confirmar cadastro' }).click();
  await expect(page).toHaveURL(/\/confirm-registration\/[A-Za-z0-9_-]+$/);
  const link = page.url();
  const confirm = page.getByRole('button', { name: 'Confirmar cadastro' });
  await page.getByLabel(NAME).fill(name);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('fraca');
  await expect(confirm).toBeDisabled();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(password);
  await page.getByLabel('Confirme a nova senha').fill(password);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  // Done: the message shows over the login, not over the form (issue 43).
  await expectAlert(page, 'Sucesso', /^Cadastro confirmado com sucesso/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(confirm).toHaveCount(0);
  await closeAlert(page);
  await expect(page).toHaveURL(/\/login$/);
  return link;
}

async function signInAs(page: Page, email: string, password: string) {
  await login(page, email, password);
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
}

async function logout(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
}

/** Closes the warning that opened over a form modal (which stays open). */
async function closeWarningOverModal(page: Page) {
  const warning = page.getByRole('dialog').filter({ has: page.getByTestId('alert-message') });
  await warning.getByRole('button').first().click();
  await expect(warning).toHaveCount(0);
}

/** The sign-up link of an entity, as an administrator copies it from the entity screen. */
async function signUpLinkOf(page: Page, entity: string): Promise<string> {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/cadastro/entidades');
  await page.getByRole('button', { name: `Gerenciar ${entity}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const link = await page.getByRole('textbox', { name: 'Link de cadastro' }).inputValue();
  expect(link).toMatch(/\/sign-up\/[0-9a-f-]{36}$/);
  await logout(page);
  return new URL(link).pathname;
}

test('a manager invites a user, who confirms the registration from the e-mail and signs in', async ({ page }) => {
  const email = unique('convidado');
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/cadastros/usuarios');
  await expect(page.getByRole('columnheader', { name: 'Criado' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'usuario@demo.local', exact: true })).toBeVisible();
  // A manager does not see the administrator of its entity.
  await expect(page.getByRole('cell', { name: 'admin@demo.local', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Novo Usuário' });
  const save = modal.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await modal.getByLabel(NAME).fill('Convidado Teste');
  // An address already in use is warned about and cleared.
  await modal.getByLabel('Login (e-mail)').fill('usuario@demo.local');
  await modal.getByLabel(NAME).click();
  await expectAlert(page, 'Aviso', 'Este e-mail já existe no sistema');
  await closeWarningOverModal(page);
  await expect(modal.getByLabel('Login (e-mail)')).toHaveValue('');
  await modal.getByLabel('Login (e-mail)').fill(email);
  // Only levels up to the manager's own.
  await modal.getByLabel('Tipo de usuário').click();
  await expect(page.getByRole('option', { name: 'Gerente' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Administrador' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Usuário' }).click();
  // No company or entity for a manager: its users go to its own entity.
  await expect(modal.getByLabel('Empresa')).toHaveCount(0);
  // Sender accounts: the first is the main one, a repeated e-mail is dropped.
  await modal.getByLabel('E-mail da conta').fill('juridico@exemplo.com.br');
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await modal.getByLabel('E-mail da conta').fill('JURIDICO@exemplo.com.br');
  await modal.getByRole('button', { name: 'Adicionar' }).click();
  await expect(modal.getByRole('listitem')).toHaveCount(1);
  await expect(modal.getByRole('listitem').first()).toContainText('Principal');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Cadastro efetuado com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Aguardando aceite');

  // Re-sending is offered while the invitation is pending.
  await row.getByRole('button', { name: 'Gerenciar Convidado Teste' }).click();
  await page.getByRole('menuitem', { name: 'Reenviar Convite' }).click();
  await expect(page.getByText('Convite reenviado com sucesso!')).toBeVisible();

  const link = await confirmInvitation(page, email, /Convite para acessar o AR Online/, 'Convidado Confirmado', 'Convidado@2026');
  await signInAs(page, email, 'Convidado@2026');

  // The link was single use.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Esse link não é mais válido' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o login' })).toBeVisible();
});

test('a visitor signs up on each tab, rejected first for an invalid CPF or CNPJ and an existing e-mail, and activates by e-mail', async ({
  page,
}) => {
  const signUp = await signUpLinkOf(page, 'Demo Pré-pago');

  // Física: an existing e-mail, then an invalid CPF, then success.
  await page.goto(signUp);
  await expect(page.getByTestId('signup-entity')).toHaveText('Demo Pré-pago');
  const fisica = unique('fisica');
  await page.getByLabel(NAME).fill('Maria da Silva');
  await page.getByLabel('E-mail').fill('usuario@demo.local');
  await page.getByLabel('CPF').click();
  await expectAlert(page, 'Aviso', 'Este e-mail já existe no sistema');
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Tente recuperar a senha' })).toBeVisible();
  await closeAlert(page);
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await page.getByLabel('E-mail').fill(fisica);
  await page.getByLabel('CPF').pressSequentially('52998224724');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-24');
  await page.getByLabel('Data de nascimento').pressSequentially('15031985');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/03/1985');
  // An unmet rule disables 'Cadastrar'; a click on it shows the rule.
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeDisabled();
  await page.getByTestId('signup-submit-box').click();
  await expect(page.getByText('CPF inválido.')).toBeVisible();
  await page.getByLabel('CPF').fill('');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectAlert(page, 'Sucesso', /^Cadastro efetuado com sucesso! Enviamos para o seu e-mail um convite/);
  // Over the login already, not over the form.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toHaveCount(0);
  await closeAlert(page);
  await expect(page).toHaveURL(/\/login$/);
  await confirmInvitation(page, fisica, /Ative o seu acesso/, 'Maria da Silva', 'Fisica@2026');
  await signInAs(page, fisica, 'Fisica@2026');
  await logout(page);

  // Jurídica: an invalid CNPJ, then an alphanumeric one.
  await page.goto(signUp);
  await page.getByRole('tab', { name: 'Jurídica' }).click();
  const juridica = unique('juridica');
  await page.getByLabel('Razão social').fill('Empresa Exemplo Ltda');
  await page.getByLabel('E-mail').fill(juridica);
  await page.getByLabel('CNPJ').pressSequentially('11222333000182');
  await expect(page.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-82');
  await page.getByLabel('Inscrição estadual').fill('123.456.789.110');
  await page.getByLabel('Endereço').fill('Av. Paulista, 1000');
  await page.getByLabel('Telefone').pressSequentially('1133334444');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 3333-4444');
  await page.getByLabel('Contato').fill('João');
  await page.getByTestId('signup-submit-box').click();
  await expect(page.getByText('CNPJ inválido.')).toBeVisible();
  await page.getByLabel('CNPJ').fill('');
  await page.getByLabel('CNPJ').pressSequentially('12abc34501de35');
  await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectAlert(page, 'Sucesso', /^Cadastro efetuado com sucesso!/);
  await closeAlert(page);
  await confirmInvitation(page, juridica, /Ative o seu acesso/, 'Empresa Exemplo Ltda', 'Juridica@2026');
  await signInAs(page, juridica, 'Juridica@2026');
  await logout(page);

  // Poder Judiciário: comarca, vara and phone required.
  await page.goto(signUp);
  await page.getByRole('tab', { name: 'Poder Judiciário' }).click();
  const judiciario = unique('vara');
  await page.getByTestId('signup-submit-box').click();
  await expect(page.getByText('Informe a comarca.')).toBeVisible();
  await expect(page.getByText('Informe a vara.')).toBeVisible();
  await page.getByLabel('Comarca').fill('Comarca de Campinas');
  await page.getByLabel('E-mail').fill(judiciario);
  await page.getByLabel('Vara').fill('2ª Vara Cível');
  await page.getByLabel('Telefone').pressSequentially('19999887766');
  await expect(page.getByLabel('Telefone')).toHaveValue('(19) 99988-7766');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectAlert(page, 'Sucesso', /^Cadastro efetuado com sucesso!/);
  await closeAlert(page);
  await confirmInvitation(page, judiciario, /Ative o seu acesso/, 'Comarca de Campinas', 'Judiciario@2026');
  await signInAs(page, judiciario, 'Judiciario@2026');
});

test('an unknown sign-up link goes to the login page', async ({ page }) => {
  await page.goto('/sign-up/7b0c4a3e-2f6d-4c1e-9a8b-000000000000');
  await expect(page).toHaveURL(/\/login$/);
});

test('level 1 is turned away from the users and entities screens to the dashboard (spec 000 §2, §6)', async ({ page }) => {
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  for (const screen of ['/cadastros/usuarios', '/cadastro/entidades']) {
    await page.goto(screen);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Página não encontrada')).toHaveCount(0);
  }
});

test('an administrator creates an entity in its company, with an alphanumeric CNPJ and a plan type', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/cadastro/entidades');
  await expect(page.getByRole('cell', { name: 'Demo Pós-pago', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Nova Entidade' });
  const save = modal.getByRole('button', { name: 'Salvar' });
  await modal.getByLabel('Nome fantasia').fill('Filial Campinas');
  await modal.getByLabel('CNPJ').pressSequentially('12ABC34501DE36');
  await modal.getByLabel('Descrição').click();
  await expect(modal.getByText('CNPJ inválido.')).toBeVisible();
  await expect(save).toBeDisabled();
  await modal.getByLabel('CNPJ').fill('');
  await modal.getByLabel('CNPJ').pressSequentially('12ABC34501DE35');
  await modal.getByLabel('Tipo de plano').click();
  await page.getByRole('option', { name: 'Pós-pago' }).click();
  await modal.getByLabel('Empresa').click();
  await page.getByRole('option', { name: 'Demo Empresa' }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Entidade cadastrada com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: /Filial Campinas/ })).toContainText('12.ABC.345/01DE-35');
});

test('My Account saves my data and changes the password', async ({ page, request }) => {
  await login(page, 'pos@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Minha Conta' }).click();
  await expect(page).toHaveURL(/\/configuracao\/conta$/);
  await expect(page.getByLabel(NAME)).toHaveValue('Usuário Pós pago');
  await page.getByLabel(NAME).fill('');
  await expect(page.getByText('Informe o nome.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar dados' })).toBeDisabled();
  await page.getByLabel(NAME).fill('Cliente Pós-pago');
  await page.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText('Dados atualizados com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toHaveText('Cliente');

  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('PosPago@2027');
  await page.getByLabel('Confirme a nova senha').fill('PosPago@2027');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await logout(page);
  await signInAs(page, 'pos@demo.local', 'PosPago@2027');

  // The demo account gets its documented password back for the journeys that follow.
  const signedIn = await (await request.post('/v2/login', { data: { username: 'pos@demo.local', password: 'PosPago@2027' } })).json();
  const restored = await request.put(`/v2/usuarios/${signedIn.user.usu_codigo}/password/reset`, {
    headers: { authorization: `Bearer ${signedIn.token}` },
    data: { newPassword: 'Demo@2026!', confirmPassword: 'Demo@2026!' },
  });
  expect(restored.ok()).toBeTruthy();
});
