import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { login } from './support.ts';

/**
 * /integracoes (docs/integrations.md): a person creates an API key and a webhook endpoint, their
 * system sends with the key through curl (the very line the screen shows), the endpoint receives the
 * message's statuses signed as Standard Webhooks says, and the delivery shows in the screen's log.
 */
const RECEIVER_PORT = Number(process.env.E2E_PORT ?? 3100) + 81;
const run = promisify(execFile);

test('create a key and a webhook, send with the key from curl, see the delivery in the log', async ({ page }) => {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  try {
    await login(page, 'usuario@demo.local');
    await expect(page).toHaveURL(/\/emails\/enviados$/);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Integrações' }).click();
    await expect(page.getByRole('heading', { name: 'Integrações', level: 2 })).toBeVisible();

    await page.getByLabel('Nome da chave').fill('ERP de cobrança');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const token = (await page.getByTestId('api-key-token').textContent()) ?? '';
    expect(token).toMatch(/^ark_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('table', { name: 'Chaves de API' })).toContainText('ERP de cobrança');
    await expect(page.getByRole('table', { name: 'Chaves de API' })).not.toContainText(token);
    const curl = (await page.getByTestId('first-send-curl').textContent()) ?? '';
    expect(curl).toContain(`Bearer ${token}`);

    const url = `http://127.0.0.1:${RECEIVER_PORT}/ar-online`;
    await page.getByLabel('URL do endpoint').fill(url);
    await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('table', { name: 'Endpoints de webhook' })).toContainText(url);

    // The integrator's system: the screen's curl line, as is.
    const { stdout } = await run('bash', ['-c', `${curl} --silent --show-error --fail-with-body`]);
    const sent = JSON.parse(stdout);
    const codigo = sent.emails[0].ema_uni_codigo;
    // A retry of the same line is answered the same and sends nothing more.
    const { stdout: again } = await run('bash', ['-c', `${curl} --silent --show-error --fail-with-body`]);
    expect(JSON.parse(again)).toEqual(sent);

    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const verifier = new Webhook(secret);
    const statuses = received.map((r) => (verifier.verify(r.body, r.headers) as { data: { codigo: number; status: string } }).data);
    expect(statuses.every((s) => s.codigo === codigo)).toBe(true);
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['processed', 'send']));

    await page.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('dialog');
    await expect(log.getByTestId('webhook-delivery').nth(1)).toBeVisible();
    await expect(log.getByTestId('webhook-delivery').first()).toContainText('Entregue');
    await expect(log.getByTestId('webhook-delivery').first()).toContainText(`Mensagem ${codigo}`);
    await expect(log.getByRole('cell', { name: '200', exact: true }).first()).toBeVisible();
    await expect(log).toContainText(received[0]?.headers['webhook-id'] ?? 'sem id');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
