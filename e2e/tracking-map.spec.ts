import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { waitFor } from '../apps/server/test/smtp-sink.ts';
import { productEnv, startServer } from './product.mjs';
import { DEMO_PASSWORD, login } from './support.ts';

// The tracking panel and its map (spec 001 §2.7, docs/maps.md) on an installation of its own behind
// a trusted proxy (TRUST_PROXY), so a read can come from a public address: Rio de Janeiro's.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const BASE = `http://localhost:${PORT}`;
const RIO = '200.147.67.142'; // Rio de Janeiro (DB-IP)
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let env: NodeJS.ProcessEnv;
let server: ReturnType<typeof startServer>;
let code: number;
let uuid: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  env = await productEnv(PORT, { TRUST_PROXY: 'true' });
  server = startServer(env);
  await server.ready;
  const login = await request.post(`${BASE}/v2/login`, { data: { username: 'usuario@demo.local', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const sent = await request.post(`${BASE}/v2/emails/send`, {
    headers,
    data: {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana Lima' }],
      nameFrom: 'Cobrança Demo',
      subject: 'Notificação com rastreamento',
      content: '<p>Prezada Ana, segue a notificação.</p>',
    },
  });
  expect(sent.status()).toBe(200);
  ({ ema_uni_codigo: code, ema_uni_id: uuid } = (await sent.json()).emails[0]);
  await waitFor(
    async () => (await (await request.get(`${BASE}/v2/emails/send/${code}`, { headers })).json()).lastStatus.email?.type,
    (type) => type === 'send' || type === 'delivered',
    60_000,
  );
  // A person opens the message a few seconds after its delivery (sooner is a scanner's: docs/reads.md),
  // in Rio de Janeiro, through the installation's proxy.
  await new Promise((r) => setTimeout(r, 6_000));
  const read = await request.get(`${BASE}/v2/emails/info/public/${uuid}/track-email/leitura`, {
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': RIO },
  });
  expect(await read.json()).toMatchObject({ registrado: true, classificacao: 'pessoa' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every request the page makes outside the product (the embedded default must make none). */
function outsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin !== BASE && !['data:', 'blob:'].includes(url.protocol)) outside.push(r.url());
  });
  return outside;
}

test('the sent detail shows the tracking panel with a map and a marker at the reader’s city, requesting nothing outside the product', async ({
  page,
}, testInfo) => {
  const outside = outsideRequests(page);
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto(`/emails/enviados/info/${code}`);
  const panel = page.getByTestId('tracking-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rastreamento' })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Rio de Janeiro, Rio de Janeiro, BR' })).toBeVisible();
  await expect(panel.getByRole('cell', { name: RIO })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'AR-Email' })).toBeVisible();

  const map = page.getByRole('region', { name: /^Mapa/ });
  await expect(map).toBeVisible();
  await expect(map).toHaveAccessibleDescription(/Rio de Janeiro, Rio de Janeiro, BR \(leitura mais recente\): Leitura \(AR-Email\) em/);
  // The shipped outlines are drawn (countries and Brazil's states, as SVG paths)...
  expect(await map.locator('path.leaflet-interactive, svg path').count()).toBeGreaterThan(20);
  // ...and the marker of the latest read sits on Rio de Janeiro.
  const marker = map.getByTestId('tracking-marker-latest');
  await expect(marker).toBeVisible();
  expect(Number(await marker.getAttribute('data-lat'))).toBeCloseTo(-22.9, 0);
  expect(Number(await marker.getAttribute('data-lng'))).toBeCloseTo(-43.2, 0);
  await expect(marker).toHaveAccessibleName(/^Rio de Janeiro, Rio de Janeiro, BR: 1 evento$/);
  const mapBox = await map.boundingBox();
  const markerBox = await marker.boundingBox();
  expect(mapBox && markerBox).toBeTruthy();
  if (mapBox && markerBox) {
    expect(markerBox.x).toBeGreaterThan(mapBox.x);
    expect(markerBox.x + markerBox.width).toBeLessThan(mapBox.x + mapBox.width);
    expect(markerBox.y).toBeGreaterThan(mapBox.y);
    expect(markerBox.y + markerBox.height).toBeLessThan(mapBox.y + mapBox.height);
  }
  await expect(map.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeVisible();
  await panel.screenshot({ path: testInfo.outputPath('painel-rastreamento.png') });

  // The marker's popup: where, what, by which channel and when.
  await marker.click();
  const popup = page.getByTestId('tracking-popup');
  await expect(popup).toContainText('Rio de Janeiro, Rio de Janeiro, BR');
  await expect(popup).toContainText(/Leitura \(AR-Email\) em \d{2}\/\d{2}\/\d{4}/);
  await expect(popup).toContainText('Local da leitura mais recente');
  await map.screenshot({ path: testInfo.outputPath('mapa-popup.png') });
  expect(outside).toEqual([]);
});

test('the public page’s tab is Rastreamento, with the same map', async ({ page }) => {
  const outside = outsideRequests(page);
  await page.goto(`/emails/info/public/${uuid}`);
  await page.getByRole('tab', { name: 'Rastreamento' }).click();
  await expect(page.getByRole('tab', { name: 'Click Tracking' })).toHaveCount(0);
  const map = page.getByRole('region', { name: /^Mapa/ });
  await expect(map.getByTestId('tracking-marker-latest')).toBeVisible();
  expect(outside).toEqual([]);
});

test('without the permission to view geolocation, neither the panel nor the map is there', async ({ page }) => {
  test.setTimeout(180_000);
  // No screen changes the flag (spec 001 §2.7 only reads it): the installation is stopped, its
  // database changed, and started again on the same data.
  await server.stop();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR as string, 'db') },
  );
  await database.db
    .updateTable('usuarios')
    .set({ usu_visualizar_geolocalizacao: false })
    .where('usu_login', '=', 'usuario@demo.local')
    .execute();
  await database.close();
  server = startServer(env);
  await server.ready;

  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto(`/emails/enviados/info/${code}`);
  await expect(page.getByRole('heading', { name: 'Linha do tempo' })).toBeVisible();
  await expect(page.getByTestId('tracking-panel')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Mapa/ })).toHaveCount(0);
  await expect(page.getByText(RIO)).toHaveCount(0);

  await page.goto(`/emails/info/public/${uuid}`);
  await expect(page.getByRole('tab', { name: 'Resumo' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rastreamento' })).toHaveCount(0);
});
