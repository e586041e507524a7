import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { closeAlert, DEMO_PASSWORD, expectAlert, login } from './support.ts';

// Other journeys may spend or add credits on the same demo data: assertions compare with the
// figures read at the start of each journey instead of fixed numbers.
const toNumber = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const br = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

async function menuCredits(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  const line = page.getByTestId('nav-credits');
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** The menu's credit line, waited for: the menu fetches the total again each time it opens. */
async function expectMenuCredits(page: Page, expected: string) {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByTestId('nav-credits')).toHaveText(expected);
  await page.keyboard.press('Escape');
}

/** The webhook secret the e2e server made at first start (no STORE_WEBHOOK_SECRET in its env). */
function webhookSecret(): string {
  if (process.env.STORE_WEBHOOK_SECRET) return process.env.STORE_WEBHOOK_SECRET;
  const port = process.env.E2E_PORT ?? '3100';
  return fs.readFileSync(path.resolve('.e2e-data', port, 'store-webhook-secret'), 'utf8').trim();
}

test('a prepaid user sees its credits, its purchase history, and a store purchase arriving', async ({ page }) => {
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Comprar Créditos' })).toBeVisible();

  const line = await menuCredits(page);
  expect(line).toMatch(/^Total de créditos: [\d.]+$/);
  const before = toNumber(line);
  expect(before).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByText('Pré pago · Demo Pré-pago')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Gerenciar Plano' }).click();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole('tab', { name: 'Extrato' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pré pago' })).toBeVisible();
  await expect(page.getByTestId('plan-total')).toHaveText(br(before));
  await expect(page.getByTestId('plan-last-acquisition')).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
  await expect(page.getByRole('link', { name: 'Comprar Créditos' }).last()).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByText('Deseja alterar o tipo do seu plano?')).toBeVisible();

  await page.getByRole('tab', { name: 'Extrato' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('Pacote 1.000 créditos AR');
  await expect(table.getByRole('row').nth(1)).toContainText('Concluído');
  await expect(page.getByTestId('table-footer')).toHaveText('Mostrando de 1 até 1 de 1 registros');

  // The shop confirms a boleto order: first awaiting payment, then completed (delivered twice).
  const secret = webhookSecret();
  const order = (status: string) => ({
    id: 880001,
    number: '880001',
    status,
    total: '90.00',
    currency: 'BRL',
    customer_id: 0,
    payment_method: 'boleto',
    payment_method_title: 'Boleto bancário',
    date_created: '2026-11-20T09:15:00',
    date_completed: status === 'completed' ? '2026-11-20T10:00:00' : null,
    date_paid: status === 'completed' ? '2026-11-20T10:00:00' : null,
    billing: { email: 'gerente@demo.local' },
    line_items: [{ name: 'Pacote 100 créditos AR', quantity: 1, price: 90 }],
    meta_data: [{ key: '_boleto_url', value: 'https://loja.example/boleto/880001' }],
  });
  const deliver = async (body: object, key = secret) => {
    const raw = JSON.stringify(body);
    return page.request.post('/v2/loja/webhook', {
      data: raw,
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.updated',
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-signature': createHmac('sha256', key).update(raw).digest('base64'),
      },
    });
  };
  expect((await deliver(order('completed'), 'segredo-errado')).status()).toBe(401);
  expect((await deliver(order('on-hold'))).status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Extrato' }).click();
  const first = page.getByRole('table').getByRole('row').nth(1);
  await expect(first).toContainText('880001');
  await expect(first).toContainText('Aguardando');
  await expect(first.getByRole('link', { name: 'Boleto' })).toHaveAttribute('href', 'https://loja.example/boleto/880001');
  await page.getByRole('tab', { name: 'Planos' }).click();
  await expect(page.getByTestId('plan-total')).toHaveText(br(before));

  expect((await deliver(order('completed'))).status()).toBe(200);
  expect((await deliver(order('completed'))).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('plan-total')).toHaveText(br(before + 100));
  await page.getByRole('tab', { name: 'Extrato' }).click();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Concluído');
  await expectMenuCredits(page, `Total de créditos: ${br(before + 100)}`);
});

test('a manager adds and removes credits, never below zero, and the navigation follows', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const before = toNumber(await menuCredits(page));

  await page.getByRole('button', { name: 'Cadastros' }).click();
  await page.getByRole('menuitem', { name: 'Planos' }).click();
  await expect(page).toHaveURL(/\/realiza$/);
  for (const title of ['Número', 'Nome', 'Tipo', 'Criação / Mês de referência', 'Créditos / Gasto', 'Plano', 'Ativo', 'Editar']) {
    await expect(page.getByRole('columnheader', { name: title })).toBeVisible();
  }
  const adminRow = page.getByRole('row').filter({ hasText: 'Administrador Demo' });
  await expect(adminRow).toContainText(br(before));
  await expect(page.getByRole('row').filter({ hasText: 'Demo Pós-pago' })).toContainText('Entidade');

  await adminRow.getByRole('button', { name: /Ações do plano/ }).click();
  await page.getByRole('menuitem', { name: 'Adicionar ou remover créditos' }).click();
  const modal = page.getByRole('dialog', { name: /Créditos de Administrador Demo/ });
  await expect(modal.getByTestId('widget-balance')).toHaveText(br(before));
  await modal.getByLabel('Quantidade de créditos').fill('250');
  await modal.getByLabel('Motivo (opcional)').fill('Bonificação');
  await modal.getByRole('button', { name: 'Adicionar créditos' }).click();
  await expectAlert(page, 'Sucesso', 'Créditos atualizados com sucesso!');
  await closeAlert(page);
  await expect(adminRow).toContainText(br(before + 250));
  await expectMenuCredits(page, `Total de créditos: ${br(before + 250)}`);

  // Removing more than the balance is refused and changes nothing.
  await adminRow.getByRole('button', { name: /Ações do plano/ }).click();
  await page.getByRole('menuitem', { name: 'Adicionar ou remover créditos' }).click();
  await page.getByLabel('Quantidade de créditos').fill(String(before + 251));
  await page.getByRole('button', { name: 'Remover créditos' }).click();
  await expectAlert(page, 'Aviso', `Não é possível remover mais créditos do que o saldo do plano (${br(before + 250)}).`);
  await page.getByRole('dialog', { name: 'Aviso' }).getByRole('button').first().click();
  await page.getByLabel('Quantidade de créditos').fill('50');
  await page.getByRole('button', { name: 'Remover créditos' }).click();
  await expectAlert(page, 'Sucesso', 'Créditos atualizados com sucesso!');
  await closeAlert(page);
  await expectMenuCredits(page, `Total de créditos: ${br(before + 200)}`);

  // The ledger shows who changed what, when and why.
  await adminRow.getByRole('button', { name: /Ações do plano/ }).click();
  await page.getByRole('menuitem', { name: 'Movimentações' }).click();
  const ledger = page.getByRole('dialog', { name: /Movimentações de Administrador Demo/ });
  const newest = ledger.getByRole('row').nth(1);
  await expect(newest).toContainText('Ajuste do gerente');
  await expect(newest).toContainText('−50');
  await expect(newest).toContainText(br(before + 200));
  await expect(newest).toContainText('Créditos removidos pelo gerente');
  await expect(ledger.getByRole('row').nth(2)).toContainText('+250');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Bonificação');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Administrador Demo');
  await ledger.getByRole('button').first().click();
  await expect(ledger).toHaveCount(0);

  // The action menu toggles a plan inactive and back.
  const gerenteRow = page.getByRole('row').filter({ hasText: 'Gerente Demo' });
  await gerenteRow.getByRole('button', { name: /Ações do plano/ }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  await expectAlert(page, 'Sucesso', 'Plano desativado com sucesso!');
  await closeAlert(page);
  await expect(gerenteRow.getByRole('cell').nth(6)).toHaveText('Não');
  await gerenteRow.getByRole('button', { name: /Ações do plano/ }).click();
  await page.getByRole('menuitem', { name: 'Ativar' }).click();
  await expectAlert(page, 'Sucesso', 'Plano ativado com sucesso!');
  await closeAlert(page);
  await expect(gerenteRow.getByRole('cell').nth(6)).toHaveText('Sim');
});

test('a postpaid user sees the credits used and no Comprar Créditos', async ({ page }) => {
  await login(page, 'pos@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Enviados' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Comprar Créditos' })).toHaveCount(0);
  expect(await menuCredits(page)).toMatch(/^Créditos utilizados: [\d.]+$/);

  await page.goto('/planos');
  await expect(page.getByRole('heading', { name: 'Pós Pago' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Planos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Extrato' })).toHaveCount(0);
  await expect(page.getByText(/^Créditos utilizados em \d\d\/\d{4}/)).toBeVisible();
  await expect(page.getByText('Plano da entidade Demo Pós-pago')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comprar Créditos' })).toHaveCount(0);

  // Level 1 sees only the plan it draws on, without actions.
  await page.goto('/realiza');
  await expect(page.getByTestId('table-footer')).toHaveText('Mostrando de 1 até 1 de 1 registros');
  await expect(page.getByRole('row').nth(1)).toContainText('Demo Pós-pago');
  await page.getByRole('button', { name: /Ações do plano/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Movimentações' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Ativar|Desativar|créditos/ })).toHaveCount(0);
});

test("a user sees its own plan's movements: a manager's adjustment with who and why, and its own send", async ({ page, request }) => {
  const bearer = async (email: string) => ({
    authorization: `Bearer ${(await (await request.post('/v2/login', { data: { username: email, password: DEMO_PASSWORD } })).json()).token}`,
  });
  const usuario = await bearer('usuario@demo.local');
  const pla = (await (await request.get('/v2/plano-usuario', { headers: usuario })).json()).plano.pla_codigo;
  const motivo = `Bônus ${Date.now().toString(36)}`;
  const added = await request.put('/v2/plano', {
    headers: await bearer('gerente@demo.local'),
    data: { pla_codigo: pla, pla_total_credito: 50, motivo },
  });
  expect(added.ok()).toBe(true);
  const sent = await request.post('/v2/emails/send', {
    headers: usuario,
    data: {
      destinataires: [{ to: 'saldo@cliente.test', nameTo: 'Saldo' }],
      nameFrom: 'Usuário Demo',
      subject: 'Movimentação',
      content: '<p>Olá</p>',
    },
  });
  expect(sent.ok()).toBe(true);

  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/planos');
  await page.getByRole('tab', { name: 'Movimentações' }).click();
  const rows = page.getByRole('table').getByRole('row');
  // Newest first: the send (−1), then the manager's +50 with its author and reason.
  await expect(rows.nth(1)).toContainText('Envio');
  await expect(rows.nth(1)).toContainText('−1');
  const adjustment = rows.filter({ hasText: motivo });
  await expect(adjustment).toContainText('Ajuste do gerente');
  await expect(adjustment).toContainText('+50');
  await expect(adjustment).toContainText('Gerente Demo');
  // Read-only: nothing on the page changes credits.
  await expect(page.getByRole('button', { name: /Adicionar créditos|Remover créditos|Ações do plano/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('movimentacoes.png'), fullPage: true });
});
