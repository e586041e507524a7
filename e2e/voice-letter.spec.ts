import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAnswerIn, watchAddresses } from './answer-leaks.ts';
import { productEnv, startServer } from './product.mjs';
import { DEMO_PASSWORD, login, openDev } from './support.ts';

// An installation of its own (like channels.spec.ts), so its messages do not change what the other
// journeys count, and with the simulators' steps 3 s apart so each panel's progress is seen.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
test.use({ baseURL: `http://localhost:${PORT}` });
let server: ReturnType<typeof startServer>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = startServer(await productEnv(PORT, { SIMULATOR_DELAY_MS: '3000' }));
  await server.ready;
});
test.afterAll(async () => {
  await server?.stop();
});

// AR-Voz and AR-Carta on the embedded simulators (docs/voice.md, docs/letters.md): the real Twilio
// Voice adapter calls the simulator's Calls resource, which dials, presses 1, records and calls the
// product back signed; the letter goes over the HTTP contract to the letter simulator, which posts
// it, walks it to delivery and sends the digital AR.

/** A person's browser for the recipient: headless Chromium is rightly taken for a program (docs/reads.md). */
const PERSON = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('one recipient by e-mail, call and registered letter: both panels progress, the recording plays and the letter opens from the public page, each download seen by the sender', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, 'gerente@demo.local');
  await expect(page).toHaveURL(/\/emails\/enviados$/);
  await page.goto('/emails/novo');
  await page.getByLabel('Nome do destinatário 1').fill('Carla Mendes');
  await page.getByLabel('E-mail do destinatário 1').fill('carla@cliente.test');
  await page.getByLabel('AR-Voz para o destinatário 1').check();
  await page.getByLabel('Telefone para AR-Voz do destinatário 1').fill('11976543210');
  await page.getByLabel('Carta registrada para o destinatário 1').check();
  const carta = (label: string) => page.getByLabel(`${label} da carta do destinatário 1`);
  await expect(carta('Nome na carta')).toBeVisible();
  await carta('Nome na carta').fill('Carla Mendes');
  await carta('Endereço').fill('Rua XV de Novembro');
  await carta('Número').fill('700');
  await carta('Complemento').fill('Sala 12');
  await carta('Bairro').fill('Centro');
  await carta('Cidade').fill('Curitiba');
  await carta('UF').fill('PR');
  await page.getByRole('option', { name: 'PR', exact: true }).click();
  await carta('CEP').fill('80020310');
  await expect(carta('CEP')).toHaveValue('80020-310');
  await page.getByLabel('Assunto').fill('Notificação de débito');
  await page.getByTestId('compose-body').locator('.ProseMirror').pressSequentially('Fica notificada do débito em aberto.');
  // §9 and docs/letters.md: the e-mail one unit, the call one more, the letter one more.
  await expect(page.getByTestId('credit-counter')).toContainText('AR utilizados: 3 de');
  await shot(page, '1-compose');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('dialog').getByText('AR-Email enviado')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Ver enviados' }).click();

  const row = page.locator('tbody tr').filter({ hasText: 'Carla Mendes' }).first();
  await row.click();
  await expect(page).toHaveURL(/\/emails\/enviados\/info\/\d+$/);
  const voz = page.getByTestId('status-panel-voz');
  const cartaPanel = page.getByTestId('status-panel-carta');
  // Both panels progress on the detail as the simulators call back, without a reload: the letter
  // is posted (Enviado, with its S10 code) before it is delivered; the call's recording comes last.
  await expect(cartaPanel.locator('.mantine-Badge-root').first()).toHaveText('Enviado', { timeout: 30_000 });
  await expect(page.getByTestId('letter-tracking')).toHaveText(/^[A-Z]{2}\d{9}BR$/);
  await expect(page.getByTestId('voice-call')).toContainText('A gravação aparece aqui quando a chamada for concluída.');
  await shot(page, '2-detalhe-em-andamento');
  await expect(voz.locator('.mantine-Badge-root').first()).toHaveText('Confirmado', { timeout: 30_000 });
  await expect(cartaPanel.locator('.mantine-Badge-root').first()).toHaveText('Entregue', { timeout: 30_000 });
  // The recording is evidence, not a status: it is pushed all the same (docs/realtime.md), so its
  // link appears on the open detail without 'Atualizar status'.
  await expect(page.getByTestId('voice-link')).toBeVisible({ timeout: 30_000 });
  for (const step of ['Aceito pelo provedor', 'Chamada iniciada', 'Chamando', 'Confirmado', 'Gravação da chamada'])
    await expect(voz).toContainText(step);
  for (const step of ['Aceito pelo provedor', 'Enviado', 'Em trânsito', 'Saiu para entrega', 'Entregue'])
    await expect(cartaPanel).toContainText(step);
  await expect(page.getByTestId('voice-call')).toContainText('Número: +5511976543210');
  await expect(page.getByTestId('voice-call')).toContainText('SHA-256 da gravação');
  await expect(page.getByTestId('letter-panel')).toContainText('80020-310 Curitiba - PR');
  const tracking = (await page.getByTestId('letter-tracking').textContent()) as string;
  const protocol = /Protocolo ([0-9a-f-]{36})/.exec(
    (await page.getByText(/^Protocolo [0-9a-f-]{36}$/).textContent()) as string,
  )?.[1] as string;
  const detailUrl = page.url();
  await shot(page, '3-detalhe-concluido');

  // The recipient, on a phone, 5 s and more after the e-mail went out (a person, docs/reads.md).
  const phone = await browser.newContext({ userAgent: PERSON, viewport: { width: 400, height: 860 } });
  const p = await phone.newPage();
  // The simulated phone lists the call: answered, 1 pressed, its recording playable.
  await openDev(p, '/dev/telefone');
  await expect(p.locator('tr', { hasText: '+55 (11) 97654-3210' })).toContainText('1');
  await p.getByRole('link', { name: '+55 (11) 97654-3210' }).click();
  const call = p.locator('.call').first();
  await expect(call).toContainText('Atendida e encerrada');
  await expect(call).toContainText('tecla pressionada: 1');
  await expect(call).toContainText('Notificação de débito');
  await expectAudioPlays(call.locator('audio'));
  await shot(p, '4-telefone');

  await p.goto(`/emails/info/public/${protocol}`);
  await expect(p.getByRole('heading', { name: 'Notificação de débito' })).toBeVisible();
  await p.getByRole('tab', { name: 'AR-Voz' }).click();
  const voiceTab = p.getByTestId('voice-tab');
  await expect(voiceTab).toContainText('+5511976543210');
  await expect(voiceTab).toContainText('Confirmado');
  await expectNoSideScroll(p);
  await shot(p, '5-publica-voz');
  await voiceTab.getByTestId('voice-tab-link').click();
  await expect(p).toHaveURL(new RegExp(`/emails/info/public/voz/${protocol}$`));
  await expect(p.getByTestId('voice-info')).toContainText('+5511976543210');
  // One click downloads the recording once (the server's WAV, recorded), then it plays from memory.
  const [wav] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith(`/v2/email/public/voz/${protocol}/gravacao`)),
    p.getByTestId('voice-load').click(),
  ]);
  expect(wav.status()).toBe(200);
  expect(wav.headers()['content-type']).toBe('audio/wav');
  expect(Number(wav.headers()['content-length'])).toBeGreaterThan(1_000);
  await expectAudioPlays(p.getByTestId('voice-audio'));
  const [saved] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name: 'Salvar a gravação (WAV)' }).click()]);
  expect(saved.suggestedFilename()).toBe(`ar-voz-${protocol}.wav`);
  expect(
    fs
      .readFileSync(await saved.path())
      .subarray(8, 12)
      .toString('ascii'),
  ).toBe('WAVE');
  await expectNoSideScroll(p);
  await shot(p, '6-gravacao');

  await p.goto(`/emails/info/public/${protocol}`);
  await p.getByRole('tab', { name: 'AR-Carta' }).click();
  await expect(p.getByTestId('public-letter-tab')).toContainText('Entregue');
  await shot(p, '7-publica-carta');
  await p.getByRole('link', { name: 'Ver a carta registrada (PDF) e o AR digital' }).click();
  await expect(p).toHaveURL(new RegExp(`/emails/info/public/carta/${protocol}$`));
  await expect(p.getByTestId('letter-ready')).toContainText('Entregue');
  await expect(p.getByTestId('letter-tracking')).toHaveText(tracking);
  await expectNoSideScroll(p);
  await shot(p, '8-carta');
  // The letter as printed opens in a new tab: the PDF, whose text carries the protocol and the address.
  const pdfPath = test.info().outputPath('carta.pdf');
  fs.writeFileSync(pdfPath, await openedFile(p, 'letter-pdf', 'application/pdf'));
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const s of [
    protocol,
    'Carla Mendes',
    'Rua XV de Novembro, 700 - Sala 12',
    '80020-310 Curitiba - PR',
    'Fica notificada do débito em aberto.',
  ])
    expect(text).toContain(s);
  // Delivered, so the digital AR: the signed receipt, a PDF naming the recipient.
  const arPath = test.info().outputPath('ar.pdf');
  fs.writeFileSync(arPath, await openedFile(p, 'letter-ar', 'application/pdf'));
  expect(execFileSync('pdftotext', [arPath, '-'], { encoding: 'utf8' })).toContain('Carla Mendes');
  await phone.close();

  // The sender sees each download: the recording's and the letter's two files.
  await page.goto(detailUrl);
  await expect(voz).toContainText('Gravação baixada');
  await expect(cartaPanel).toContainText('Carta baixada');
  await expect(cartaPanel).toContainText('AR digital baixado');
  // Downloads are evidence, not a status: the call stays Confirmado, the letter Entregue.
  await expect(voz.locator('.mantine-Badge-root').first()).toHaveText('Confirmado');
  await expect(cartaPanel.locator('.mantine-Badge-root').first()).toHaveText('Entregue');
  await shot(page, '9-detalhe-downloads');
});

test('behind a security question, the letter, its AR and the recording open from the public pages with the answer in no address', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ANSWER = 'Placa ABC-1D23';
  const session = await (await request.post('/v2/login', { data: { username: 'gerente@demo.local', password: DEMO_PASSWORD } })).json();
  const sent = await request.post('/v2/emails/send', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      destinataires: [
        {
          to: 'davi@cliente.test',
          nameTo: 'Davi Rocha',
          validacaoNotif: { pergunta: 'Qual a placa do seu carro?', resposta: ANSWER },
          voz: { name: 'Davi Rocha', mobile: '11976540011' },
          carta: {
            nome: 'Davi Rocha',
            endereco: 'Rua XV de Novembro',
            numero: '701',
            complemento: '',
            bairro: 'Centro',
            cidade: 'Curitiba',
            estado: 'PR',
            cep: '80020-310',
          },
        },
      ],
      nameFrom: 'Gerente Demo',
      subject: 'Notificação com pergunta',
      content: '<p>Fica notificado.</p>',
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const { ema_uni_id: uuid } = (await sent.json()).emails[0];
  // The simulators call, record, post and deliver the letter with its AR (asked with the answer by
  // this test's own client, whose addresses are not the recipient's browser's).
  const withAnswer = `?verify=${encodeURIComponent(ANSWER)}`;
  await expect
    .poll(async () => (await (await request.get(`/v2/email/public/carta/${uuid}${withAnswer}`)).json()).linkAr ?? null, { timeout: 90_000 })
    .not.toBeNull();
  await expect.poll(async () => (await request.get(`/v2/email/public/voz/${uuid}${withAnswer}`)).status(), { timeout: 90_000 }).toBe(200);

  const phone = await browser.newContext({ userAgent: PERSON, viewport: { width: 400, height: 860 } });
  const watch = watchAddresses(phone);
  const p = await phone.newPage();
  // The letter's page first, without an answer: the question, then back to the letter.
  await p.goto(`/emails/info/public/carta/${uuid}`);
  await expect(p).toHaveURL(/\/emails\/info\/public\/verify\/.*origin=carta/);
  await p.getByLabel('Resposta').fill('ABC1234');
  await p.getByRole('button', { name: 'Enviar' }).click();
  await expect(p.getByTestId('verify-error')).toHaveText('A resposta informada não é válida');
  await p.getByLabel('Resposta').fill(ANSWER.toLowerCase());
  await p.getByRole('button', { name: 'Enviar' }).click();
  await expect(p).toHaveURL(new RegExp(`/emails/info/public/carta/${uuid}$`));
  await expect(p.getByTestId('letter-ready')).toContainText('Entregue');
  // The PDF and the AR are plain links (no answer in them): the answer cookie opens them in their tabs.
  expect(await p.getByTestId('letter-pdf').getAttribute('href')).toBe(`/v2/email/public/carta/${uuid}/carta`);
  expect(await p.getByTestId('letter-ar').getAttribute('href')).toBe(`/v2/email/public/carta/${uuid}/ar`);
  const pdf = await openedFile(p, 'letter-pdf', 'application/pdf');
  expect(pdf.length).toBeGreaterThan(1_000);
  await openedFile(p, 'letter-ar', 'application/pdf');
  await expectNoAnswerIn(watch, [p], ANSWER);

  // The message and its recording: answered already, no question again.
  await p.goto(`/emails/info/public/${uuid}`);
  await expect(p.getByRole('heading', { name: 'Notificação com pergunta' })).toBeVisible();
  await p.getByRole('tab', { name: 'AR-Voz' }).click();
  await p.getByTestId('voice-tab-link').click();
  await expect(p).toHaveURL(new RegExp(`/emails/info/public/voz/${uuid}$`));
  const [wav] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith(`/v2/email/public/voz/${uuid}/gravacao`)),
    p.getByTestId('voice-load').click(),
  ]);
  expect(wav.status()).toBe(200);
  await expectAudioPlays(p.getByTestId('voice-audio'));
  await expectNoAnswerIn(watch, [p], ANSWER);
  await p.goto(`/emails/info/public/${uuid}`);
  await p.getByRole('tab', { name: 'AR-Carta' }).click();
  await expect(p.getByTestId('public-letter-tab')).toContainText('Entregue');
  await expectNoAnswerIn(watch, [p], ANSWER);
  expect(watch.seen.filter((s) => s.method === 'POST' && s.url.endsWith(`/v2/emails/info/public/resposta/${uuid}`))).toHaveLength(2);
  await phone.close();

  // Another browser opens the recording's page: the question, then back to the recording. Its
  // cookie gone while the page is open (expired): 'Ouvir' asks again and comes back, then plays.
  const other = await browser.newContext({ userAgent: PERSON, viewport: { width: 400, height: 860 } });
  const o = await other.newPage();
  await o.goto(`/emails/info/public/voz/${uuid}`);
  await expect(o).toHaveURL(/\/emails\/info\/public\/verify\/.*origin=voz/);
  await o.getByLabel('Resposta').fill(ANSWER);
  await o.getByRole('button', { name: 'Enviar' }).click();
  await expect(o).toHaveURL(new RegExp(`/emails/info/public/voz/${uuid}$`));
  await expect(o.getByTestId('voice-info')).toBeVisible();
  await other.clearCookies();
  await o.getByTestId('voice-load').click();
  await expect(o).toHaveURL(/\/emails\/info\/public\/verify\/.*origin=voz/);
  await o.getByLabel('Resposta').fill(ANSWER);
  await o.getByRole('button', { name: 'Enviar' }).click();
  await expect(o).toHaveURL(new RegExp(`/emails/info/public/voz/${uuid}$`));
  await o.getByTestId('voice-load').click();
  await expectAudioPlays(o.getByTestId('voice-audio'));
  await other.close();
});

/** The page fits the phone's width: nothing (a SHA-256 in one piece) pushes it sideways. */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

/** The audio element's source loads and has a duration (the browser decoded the WAV). */
async function expectAudioPlays(audio: Locator) {
  await expect(audio).toBeVisible();
  const duration = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        const done = () => resolve(el.duration);
        if (el.readyState >= 1) return done();
        el.addEventListener('loadedmetadata', done, { once: true });
        el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code}`)), { once: true });
        el.load();
      }),
  );
  expect(duration).toBeGreaterThan(0.5);
  expect(Number.isFinite(duration)).toBe(true);
}

/**
 * Clicks a link that opens a file in a new tab (the browser's viewer shows it: served 200 with its
 * type), then reads the file's bytes as the page's own fetch gets them (the viewer hides its body).
 */
async function openedFile(page: Page, testId: string, type: string): Promise<Buffer> {
  const link = page.getByTestId(testId);
  const href = (await link.getAttribute('href')) as string;
  const [tab, response] = await Promise.all([
    page.context().waitForEvent('page'),
    page.context().waitForEvent('response', (r) => new URL(r.url()).pathname === href.split('?')[0]),
    link.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(type);
  await tab.close();
  const bytes = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { type: res.headers.get('content-type'), body: Array.from(new Uint8Array(await res.arrayBuffer())) };
  }, href);
  expect(bytes.type).toBe(type);
  const body = Buffer.from(bytes.body);
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return body;
}
