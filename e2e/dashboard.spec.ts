import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAlert, login } from './support.ts';

// The dashboard (spec 000 §2 "Dashboard", §5, §8, §9; docs/dashboard.md).

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** Today in Brasília, and `k` days before, as the calendar's day label ('26 outubro 2026'). */
const brasiliaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
function dayLabel(k: number) {
  const d = new Date(Date.parse(`${brasiliaToday()}T12:00:00Z`) - k * 86_400_000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

async function apiHeaders(request: APIRequestContext, email: string) {
  const res = await request.post('/v2/login', { data: { username: email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

const total = (page: Page, label: string) => page.getByTestId(`total-${label}`);
const readTotal = async (page: Page, label: string) => Number((await total(page, label).textContent())?.replace(/\D/g, ''));

test('the sends made here show in the totals and the charts, and a tag filters them', async ({ page, request }) => {
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(total(page, 'enviados')).toHaveText(/^\d+$/);
  const before = { sent: await readTotal(page, 'enviados'), open: await readTotal(page, 'lidos') };
  // Level 1 sees only its own: no scope selector.
  await expect(page.getByText('Dados de')).toHaveCount(0);

  const headers = await apiHeaders(request, 'usuario@demo.local');
  const tagName = `Painel ${Date.now() % 100000}`;
  const tag = (await (await request.post('/v2/etiquetas', { headers, data: { eti_nome: tagName, eti_cor: '#e8590c' } })).json()).etiqueta;
  const sent = await request.post('/v2/emails/send', {
    headers,
    data: {
      destinataires: ['rita', 'saulo', 'tania'].map((n) => ({ to: `${n}@painel.test`, nameTo: n })),
      nameFrom: 'Painel Demo',
      subject: 'Dashboard e2e',
      content: '<p>Olá</p>',
      etiquetasSelected: [tag.eti_codigo],
    },
  });
  expect(sent.ok()).toBeTruthy();
  const [first] = (await sent.json()).emails as { ema_uni_codigo: number; ema_uni_id: string }[];
  // One recipient reads it in a browser (a person: some seconds after it left, docs/reads.md) ...
  await expect
    .poll(
      async () =>
        (await (await request.get(`/v2/emails/status/${first?.ema_uni_codigo}`, { headers })).json()).status.email.length as number,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await new Promise((r) => setTimeout(r, 5_500));
  const read = await request.get(`/v2/emails/info/public/${first?.ema_uni_id}/track-email/leitura`, { headers: { 'user-agent': PERSON } });
  expect((await read.json()).classificacao).toBe('pessoa');
  // ... and a program fetches it again: not a read.
  await request.get(`/v2/emails/info/public/${first?.ema_uni_id}/track-email/leitura`, { headers: { 'user-agent': 'curl/8.5.0' } });

  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(total(page, 'enviados')).toHaveText(String(before.sent + 3));
  await expect(total(page, 'lidos')).toHaveText(String(before.open + 1));
  for (const chart of [
    'chart-canais',
    'chart-entregues-abertos',
    'chart-enviados-entregues',
    'chart-recebidos-enviados',
    'chart-etiquetas',
  ]) {
    await expect(page.getByTestId(chart).locator('.recharts-surface').first(), chart).toBeVisible();
    await expect(page.getByTestId(chart).getByText('Nenhum dado disponível.'), chart).toHaveCount(0);
  }
  await expect(page.getByTestId('chart-canais').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The five channels of the product, each in the legend, whether or not it has a send yet.
  for (const channel of ['E-mail', 'SMS', 'WhatsApp', 'Voz', 'Carta'])
    await expect(page.getByTestId('chart-canais').getByText(channel, { exact: true }), channel).toBeVisible();

  // The tag filter: only the three sends of this test carry it.
  await page.getByRole('textbox', { name: 'Etiqueta' }).click();
  await page.getByRole('option', { name: tagName }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(total(page, 'enviados')).toHaveText('3');
  await expect(total(page, 'lidos')).toHaveText('1');
  await expect(total(page, 'recebidos')).toHaveText('0');

  // The label goes: the registries journey counts this user's labels from none.
  expect((await request.delete(`/v2/etiquetas/${tag.eti_codigo}`, { headers })).ok()).toBeTruthy();
});

/**
 * Picks a day in the open period calendar, going back a month at a time until it is shown. Each
 * click is awaited until the calendar drew its month: counting days before the calendar had drawn
 * (a loaded machine) clicked past the month.
 */
async function pickDay(page: Page, label: string) {
  const day = page.locator(`button[aria-label="${label}"]:not([data-outside])`);
  await expect(async () => {
    if ((await day.count()) === 0) await page.getByRole('button', { name: 'Mês anterior' }).click();
    await expect(day.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await day.first().click();
}

/** The calendar's label of day `day` of the month `back` months before this one (Brasília). */
function monthDayLabel(back: number, day: number) {
  const [y, m] = brasiliaToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, day, 12));
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

test('a period without messages shows "Nenhum dado disponível." on every chart', async ({ page }) => {
  await login(page, 'pos@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/dashboard');
  // The postpaid demo account has its history of today: the charts have data until the period moves.
  await expect(total(page, 'enviados')).not.toHaveText('0');
  // Its sends by channel are charted (the labels' chart may be empty: the history labels nothing).
  await expect(page.getByTestId('chart-canais')).toBeVisible();
  await expect(page.getByTestId('chart-canais')).not.toContainText('Nenhum dado disponível.');
  // Two months back, before the installation existed: nothing was sent, read or received then.
  await page.getByLabel('Período').click();
  await expect(page.getByRole('button', { name: 'Mês anterior' })).toBeVisible();
  await pickDay(page, monthDayLabel(2, 1));
  await pickDay(page, monthDayLabel(2, 10));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  for (const label of ['recebidos', 'enviados', 'entregues', 'lidos']) await expect(total(page, label)).toHaveText('0');
  await expect(page.getByText('Nenhum dado disponível.')).toHaveCount(5);

  // A call that fails shows the spec's text on its own chart only.
  await page.route('**/v2/dashboard/tags', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Erro Interno"}' }),
  );
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('chart-etiquetas')).toContainText('Houve um erro ao consultar dados: Etiquetas');
  await expect(page.getByText('Nenhum dado disponível.')).toHaveCount(4);
  await expect(page.getByText(/ao consultar dados/)).toHaveCount(1);
});

test('a range of 31 days shows the spec warning and calls nothing', async ({ page }) => {
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/dashboard');
  // A manager chooses between its own messages and its entity's.
  await expect(page.getByText('Minha entidade')).toBeVisible();
  await expect(page.getByText('Minha empresa')).toHaveCount(0);
  await expect(total(page, 'enviados')).toHaveText(/^\d+$/);

  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/v2/dashboard/')) calls++;
  });
  await page.getByLabel('Período').click();
  await expect(page.getByRole('button', { name: 'Mês anterior' })).toBeVisible();
  await pickDay(page, dayLabel(30));
  await pickDay(page, dayLabel(0));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expectAlert(page, 'Aviso', 'Por favor selecione duas datas com até 30 dias de alcance.');
  expect(calls).toBe(0);
});

/** Another session of the same user, in a browser of its own, sends one message from the compose screen. */
async function sendFromAnotherSession(browser: Browser, email: string, subject: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await page.getByLabel('Nome do destinatário 1').fill('Olga');
  await page.getByLabel('E-mail do destinatário 1').fill('olga@painel.test');
  await page.getByLabel('Assunto').fill(subject);
  await page.getByTestId('compose-body').locator('[contenteditable=true]').fill('Aviso enviado de outra sessão.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('sent-message')).toContainText('Em processamento...');
  await context.close();
}

test('the open dashboard follows a send made in another session, without a reload', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page, 'usuario@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/dashboard');
  await expect(total(page, 'enviados')).toHaveText(/^\d+$/);
  const before = await readTotal(page, 'enviados');
  const bars = page.getByTestId('chart-canais').locator('.recharts-bar-rectangle');
  const barsBefore = await bars.count();
  await page.evaluate(() => {
    (window as unknown as { semRecarga: boolean }).semRecarga = true;
  });

  await sendFromAnotherSession(browser, 'usuario@demo.local', 'Painel ao vivo');

  // The socket's status push (the message turned to Enviado) reloads the totals and the charts.
  await expect(total(page, 'enviados')).toHaveText(String(before + 1), { timeout: 20_000 });
  await expect(page.getByTestId('chart-canais').getByText('Nenhum dado disponível.')).toHaveCount(0);
  expect(await bars.count()).toBeGreaterThanOrEqual(Math.max(barsBefore, 1));
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
});
