import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { productEnv, root, startServer } from './product.mjs';
import { login } from './support.ts';

// The administrators' backups screen (docs/backups.md): without BACKUP_PASSPHRASE it says scheduled
// backups are off and how to turn them on; with it, the scheduled backup appears with its size and
// result. Meanwhile `npm run backup` asks the running server (embedded database) for its snapshot
// through the local socket, and `npm run restore` brings that archive back into an empty folder,
// ending with an audit without breaks.

const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT ?? 3100) + 73;
const PASS = 'senha longa do backup e2e';

test('without a passphrase the screen says scheduled backups are off and how to turn them on', async ({ page }) => {
  await login(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Administração' }).click();
  await page.getByRole('menuitem', { name: 'Backups e auditoria' }).click();
  await expect(page).toHaveURL(/\/administracao\/backups$/);
  await expect(page.getByText('Backups agendados desligados')).toBeVisible();
  await expect(page.getByText(/Defina a variável de ambiente BACKUP_PASSPHRASE/)).toBeVisible();
  await expect(page.getByText('Nenhum backup agendado foi feito ainda.')).toBeVisible();
});

test.describe('with a passphrase', () => {
  let server: ReturnType<typeof startServer>;
  let env: NodeJS.ProcessEnv;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    env = await productEnv(PORT, { BACKUP_PASSPHRASE: PASS, BACKUP_SCHEDULE: '* * * * *' });
    server = startServer(env);
    await server.ready;
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.use({ baseURL: `http://localhost:${PORT}` });

  test('the scheduled backup is listed, and npm run backup / restore work while the product runs', async ({ page }) => {
    test.setTimeout(300_000);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-e2e-backup-'));
    const archive = path.join(dir, 'agora.arbk');
    const backup = await run('npm', ['run', '--silent', 'backup', '--', archive], { cwd: root, env });
    expect(backup.stdout).toMatch(/Backup gravado em .*cifrado \(AES-256-GCM\)/);
    if (!env.DATABASE_URL) {
      const target = { ...env, DATA_DIR: path.join(dir, 'restaurado') };
      const restored = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: root, env: target });
      expect(restored.stdout).toMatch(/; 0 quebras/);
    }

    await login(page, 'admin@demo.local');
    // Signed in before leaving the page: a goto while the sign-in is in flight cancels it.
    await expect(page).toHaveURL(/\/emails\/enviados$/);
    await page.goto('/administracao/backups');
    await expect(page.getByText(/Backups agendados ligados/)).toBeVisible();
    // The schedule ticks every minute: the first backup appears within a couple of them.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Concluído').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 200_000 });
    await expect(page.locator('tbody tr').first()).toContainText(/\d+(,\d)? (KB|MB)/);
    await page.screenshot({ path: path.join(root, 'test-results', 'backups-screen.png'), fullPage: true });
  });
});
