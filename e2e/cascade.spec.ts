import { expect, test } from '@playwright/test';
import { productEnv, startServer } from './product.mjs';
import { login, openDev } from './support.ts';

// An installation of its own, so its messages do not change what the other journeys count.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
test.use({ baseURL: `http://localhost:${PORT}` });
let server: ReturnType<typeof startServer>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = startServer(await productEnv(PORT, { SIMULATOR_DELAY_MS: '500' }));
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
});

// The channel cascade (docs/cascade.md) on the embedded simulator: an e-mail nobody opens moves on
// to SMS once its one-minute wait runs out; the 'cascata-etapa' job decides it and the real Twilio
// adapter sends to the simulator, which delivers and calls back.
test('a cascade moves from an unread e-mail to SMS, and the sent detail shows why', async ({ page }) => {
  test.setTimeout(170_000);
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await page.getByLabel('Nome do destinatário 1').fill('Otávio');
  await page.getByLabel('E-mail do destinatário 1').fill('otavio@cliente.test');
  await page.getByLabel('Assunto').fill('Notificação com régua');
  await page.getByTestId('compose-body').locator('.ProseMirror').pressSequentially('Segue a notificação.');

  // A custom ladder: e-mail, then SMS if it is not read within 1 minute.
  await page.getByText('Personalizada', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Canal da etapa 1' })).toHaveValue('AR-Email');
  await expect(page.getByRole('textbox', { name: 'Canal da etapa 2' })).toHaveValue('AR-SMS');
  await page.getByRole('textbox', { name: 'Espera da etapa 2' }).fill('1');
  await page.getByRole('textbox', { name: 'Unidade da etapa 2' }).click();
  await page.getByRole('option', { name: 'minutos' }).click();
  // The SMS step needs the row's number: the rule is shown and 'Enviar' stays disabled until it is given.
  await expect(page.getByRole('alert').filter({ hasText: 'A régua de notificação envia AR-SMS' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await page.getByLabel('SMS para o destinatário 1').check();
  await page.getByLabel('Celular para SMS do destinatário 1').fill('11987654321');
  await expect(page.getByRole('alert').filter({ hasText: 'A régua de notificação envia' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('sent-plane')).toBeVisible();
  await page.getByRole('button', { name: 'Ver enviados' }).click();

  const row = page.locator('tbody tr').filter({ hasText: 'Otávio' }).first();
  await row.click();
  await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  const panel = page.getByTestId('cascade-panel');
  await expect(panel).toContainText('Régua de notificação: Régua personalizada');
  await expect(page.getByTestId('cascade-step-1')).toContainText('AR-Email enviado com a mensagem.');
  await expect(page.getByTestId('cascade-step-2')).toContainText(/Aguardando até \d\d\/\d\d\/\d{4}/);
  await expect(page.getByTestId('cascade-step-2')).toContainText('(se não houver leitura em 1 minuto)');
  // No SMS yet: the step waits for its deadline, and its conversation panel is not there either.
  await expect(page.getByTestId('status-panel-sms')).toHaveCount(0);
  await expect(page.getByTestId('phone-sms')).toHaveCount(0);

  // After the minute, nobody read the e-mail: the SMS goes and the simulator delivers it.
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar status' }).click();
    await expect(page.getByTestId('cascade-step-2')).toContainText('Enviada', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  await expect(page.getByTestId('cascade-step-2')).toContainText(/Nenhuma leitura de AR-Email até .+: AR-SMS enviado\./);
  await expect(page.getByTestId('cascade-state')).toHaveText('concluída');
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar status' }).click();
    await expect(page.getByTestId('status-panel-sms')).toContainText('Entregue', { timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [2_000] });

  await expect(page.getByTestId('phone-sms')).toContainText('enviou uma mensagem registrada (AR Online)');

  // The phone got the SMS.
  await openDev(page, '/dev/telefone/5511987654321');
  await expect(page.locator('body')).toContainText('?sms=1');
});

// The user's default plan (docs/cascade.md): saved in Minha Conta, it is where compose's panel starts.
test("a default cascade saved in 'Minha Conta' is where the compose panel starts", async ({ page }, testInfo) => {
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/configuracao/conta');
  const section = page.getByTestId('cascade-default');
  await expect(section).toContainText('Régua de notificação padrão');
  await expect(section.getByRole('radio', { name: 'Nenhuma (todos os canais de uma vez)' })).toBeChecked();
  await section.getByText('Personalizada', { exact: true }).click();
  // A wait left empty is refused as the server refuses it, and the button stays off.
  await section.getByRole('textbox', { name: 'Espera da etapa 2' }).fill('');
  await expect(section.getByRole('alert')).toHaveText(
    'Informe em quanto tempo a etapa 2 da régua verifica a condição (um número inteiro a partir de 1).',
  );
  await expect(section.getByRole('button', { name: 'Salvar régua padrão' })).toBeDisabled();
  await section.getByRole('textbox', { name: 'Espera da etapa 2' }).fill('2');
  await section.getByRole('textbox', { name: 'Condição da etapa 2' }).click();
  await page.getByRole('option', { name: 'Se não houver entrega' }).click();
  await section.getByRole('button', { name: 'Salvar régua padrão' }).click();
  await expect(page.getByText('Régua de notificação padrão salva.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('minha-conta-regua-padrao.png'), fullPage: true });

  // Saved: a reload reads it back.
  await page.reload();
  await expect(section.getByRole('radio', { name: 'Personalizada' })).toBeChecked();
  await expect(section.getByRole('textbox', { name: 'Espera da etapa 2' })).toHaveValue('2');

  // A new send starts from it; the panel says where it comes from.
  await page.goto('/emails/novo');
  await expect(page.getByRole('radio', { name: 'Personalizada' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Canal da etapa 1' })).toHaveValue('AR-Email');
  await expect(page.getByRole('textbox', { name: 'Canal da etapa 2' })).toHaveValue('AR-SMS');
  await expect(page.getByRole('textbox', { name: 'Condição da etapa 2' })).toHaveValue('Se não houver entrega');
  await expect(page.getByRole('textbox', { name: 'Espera da etapa 2' })).toHaveValue('2');
  await expect(page.getByText('Cada novo envio começa com a régua padrão, definida em Minha Conta.')).toBeVisible();
  await page.getByLabel('Nome do destinatário 1').fill('Otávio');
  await page.getByLabel('E-mail do destinatário 1').fill('otavio@cliente.test');
  await page.getByLabel('Assunto').fill('Notificação com a régua padrão');
  await page.getByTestId('compose-body').locator('.ProseMirror').pressSequentially('Segue a notificação.');
  // The default's SMS step needs the row's number, as a ladder chosen on the panel does.
  await expect(page.getByRole('alert').filter({ hasText: 'A régua de notificação envia AR-SMS' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('novo-ar-regua-padrao.png'), fullPage: true });

  // 'Nenhuma' on this send leaves the default as it is.
  await page.getByText('Nenhuma (todos os canais de uma vez)', { exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A régua de notificação envia' })).toHaveCount(0);
  await page.goto('/configuracao/conta');
  await expect(section.getByRole('radio', { name: 'Personalizada' })).toBeChecked();
});
