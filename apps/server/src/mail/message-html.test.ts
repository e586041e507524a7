import { createHash } from 'node:crypto';
import { BUILTIN_VARIABLE_NAMES, BUILTIN_VARIABLES, type VariableSource } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { scriptCapable, xssPayloads } from '../../test/script-capable.ts';
import { startSmtpSink, waitFor } from '../../test/smtp-sink.ts';
import { renderOutgoing } from '../modules/emails/render.ts';
import { personalMessageHtml, SANITISED_ON_STORE_SINCE, sanitizeMessageHtml, storedMessageHtml } from './message-html.ts';

const PAYLOADS = xssPayloads();
const CUSTOM = '*|PROCESSO|*';
const VARIABLES = [...BUILTIN_VARIABLE_NAMES.map((name) => `*|${name}|*`), CUSTOM];

/** Every place a variable can stand in a body: text, quoted/unquoted attributes, URL, image, style, attribute name, comment. */
const POSITIONS = [
  (v: string) => `<p>${v.slice(2, -2)}=[${v}]</p>`,
  (v: string) => `<p><a href="${v}">a</a></p>`,
  (v: string) => `<p><a href='${v}'>a</a></p>`,
  (v: string) => `<p><a href=${v}>a</a></p>`,
  (v: string) => `<p><a href="https://www.exemplo.test/?q=${v}" title="${v}">a</a></p>`,
  (v: string) => `<p><img src="${v}"></p>`,
  (v: string) => `<p><img src='${v}'><img src=${v}></p>`,
  (v: string) => `<p><img src="https://www.exemplo.test/i.png" alt="${v}"></p>`,
  (v: string) => `<p style="text-align:${v}">s</p>`,
  (v: string) => `<p ${v}>n</p>`,
  (v: string) => `<!-- ${v} --><p>c</p>`,
];
const body = (variables: string[]) => variables.flatMap((v) => POSITIONS.map((at) => at(v))).join('\n');

/** A recipient whose every field, and the custom variable, holds the payload. */
const leadOf = (payload: string): VariableSource => ({
  ...Object.fromEntries(Object.values(BUILTIN_VARIABLES).map((field) => [field, payload])),
  lea_nascimento: '1990-03-07',
  lea_custom_field: { data: [{ id: 'cf_PROCESSO', value: payload, description: 'Processo', href: CUSTOM }] },
});

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the payload list and the check', () => {
  it('every payload of docs/xss-payloads.md is caught by the check when placed unsanitised', () => {
    expect(PAYLOADS.length).toBeGreaterThan(40);
    for (const payload of PAYLOADS) {
      // Unescaped and unsanitised: what a body would hold with neither protection.
      const raw = VARIABLES.slice(0, 1).flatMap((v) => POSITIONS.map((at) => at(v).replaceAll(v, payload)));
      expect(scriptCapable(raw.join('\n')), payload).not.toEqual([]);
    }
  });
});

describe('personalMessageHtml: variables substituted, then the whole sanitised', () => {
  it('no payload in any variable at any position leaves script-capable content, and the text keeps the value', () => {
    for (const payload of PAYLOADS) {
      const html = personalMessageHtml(body(VARIABLES), leadOf(payload), []);
      expect(scriptCapable(html), payload).toEqual([]);
      // The recipient's data is shown as text, not dropped.
      expect(flat(html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')), payload).toContain(flat(`NOME=[${payload}]`));
    }
  });

  it('the sender writing the payloads in the body leaves nothing script-capable either', () => {
    const html = personalMessageHtml(PAYLOADS.map((p) => `<p>${p}</p>`).join('\n'), leadOf('Maria'));
    expect(scriptCapable(html)).toEqual([]);
  });

  it('keeps what is allowed: http(s), mailto, tel and cid links, raster data images, text-align', () => {
    const html = sanitizeMessageHtml(
      '<p style="text-align:center"><a href="https://a.test/x">w</a> <a href="mailto:a@b.test">m</a> <a href="tel:+551133334444">t</a> ' +
        '<img src="cid:logo"><img src="data:image/png;base64,iVBORw0KGgo="></p>',
    );
    expect(html).toBe(
      '<p style="text-align:center"><a href="https://a.test/x" rel="noopener noreferrer">w</a> <a href="mailto:a@b.test" rel="noopener noreferrer">m</a> ' +
        '<a href="tel:+551133334444" rel="noopener noreferrer">t</a> <img src="cid:logo" /><img src="data:image/png;base64,iVBORw0KGgo=" /></p>',
    );
  });

  it('is idempotent, so re-sanitising a stored body on the way out changes nothing', () => {
    for (const payload of PAYLOADS) {
      const once = personalMessageHtml(body(VARIABLES), leadOf(payload));
      expect(sanitizeMessageHtml(once), payload).toBe(once);
    }
  });

  it('a body stored since the fix goes out as stored; an older one through the sanitiser again', () => {
    const unsafe = '<p><a href="javascript:alert(1)">x</a></p>';
    expect(storedMessageHtml(unsafe, new Date(SANITISED_ON_STORE_SINCE.getTime() - 1))).toBe(sanitizeMessageHtml(unsafe));
    // Since then every stored body was sanitised when stored: the send worker does not pay for it again.
    expect(storedMessageHtml(unsafe, SANITISED_ON_STORE_SINCE)).toBe(unsafe);
  });

  it('the e-mail is built from a sanitised body even when the stored one is not (a message stored before the fix)', () => {
    const unsafe =
      PAYLOADS.map((p) => `<p>${p}</p>`).join('\n') + body(VARIABLES.slice(0, 1)).replaceAll('*|NOME|*', 'javascript:alert(1)');
    expect(scriptCapable(unsafe)).not.toEqual([]);
    const { html } = renderOutgoing({
      uuid: '00000000-0000-4000-8000-000000000000',
      nameTo: 'Maria',
      nameFrom: 'Cobrança',
      subject: 'Aviso',
      content: unsafe,
      publicUrl: 'http://localhost:3999',
      links: new Map(),
      hasSecurityQuestion: false,
      storedAt: new Date('2026-11-20T12:00:00Z'),
    });
    expect(scriptCapable(html)).toEqual([]);
  });
});

describe('a send with every payload in every variable (SMTP sink, database, public page)', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'AR Online <nao-responda@ar.test>' }, { startQueue: true });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** Each column gets the payload when it fits (the database bounds the narrow ones: CPF, UF, CEP...). */
  async function storeLeads(usu: number): Promise<number[]> {
    const widths = await t.ctx.db
      .selectFrom('information_schema.columns' as never)
      .select(['column_name' as never, 'character_maximum_length' as never])
      .where('table_name' as never, '=', 'leads' as never)
      .execute();
    const width = new Map(
      (widths as { column_name: string; character_maximum_length: number | null }[]).map((w) => [
        w.column_name,
        w.character_maximum_length,
      ]),
    );
    const rows = PAYLOADS.map((payload) => {
      const lead = leadOf(payload) as Record<string, unknown>;
      for (const [field, value] of Object.entries(lead)) {
        if (typeof value !== 'string' || field === 'lea_nascimento') continue;
        const max = width.get(field);
        if (max && value.length > max) lead[field] = field === 'lea_nome' || field === 'lea_email' ? value.slice(0, max) : null;
      }
      return { ...lead, lea_nascimento: '1990-03-07', cod_usu: usu, lea_custom_field: JSON.stringify(lead.lea_custom_field) };
    });
    const inserted = await t.ctx.db
      .insertInto('leads')
      .values(rows as never)
      .returning('lea_codigo')
      .execute();
    return inserted.map((r) => r.lea_codigo);
  }

  it('delivers, stores and shows no script-capable content, and the name still reads as typed', async () => {
    const login = 'admin@demo.local';
    const token = await t.login(login);
    const { usu_codigo } = await t.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', login)
      .executeTakeFirstOrThrow();
    const leads = await storeLeads(usu_codigo);
    // A send takes at most 10 recipients: the leads go in sends of 10.
    const sent: { ema_uni_codigo: number; ema_uni_id: string; ema_uni_to: string }[] = [];
    for (let from = 0; from < leads.length; from += 10) {
      const res = await t.send(token, {
        destinataires: leads.slice(from, from + 10).map((leadSelected, j) => ({
          to: `xss${from + j}@cliente.test`,
          nameTo: `Destinatário ${from + j}`,
          leadSelected,
        })),
        nameFrom: 'Cobrança Demo',
        subject: 'Aviso para *|NOME|*',
        content: body(VARIABLES),
      });
      expect(res.statusCode, res.body).toBe(200);
      sent.push(...res.json().emails);
    }
    expect(sent).toHaveLength(PAYLOADS.length);

    const delivered = await waitFor(
      () => sink.messages.filter((m) => m.rcptTo[0]?.startsWith('xss')),
      (m) => m.length === PAYLOADS.length,
      60_000,
    );
    const stored = await t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_id', 'ema_uni_to', 'ema_uni_content', 'ema_uni_content_sha256'])
      .where(
        'ema_uni_id',
        'in',
        sent.map((s) => s.ema_uni_id),
      )
      .execute();

    for (const [i, payload] of PAYLOADS.entries()) {
      const to = `xss${i}@cliente.test`;
      const id = sent.find((s) => s.ema_uni_to === to)?.ema_uni_id as string;
      const mail = delivered.find((m) => m.rcptTo[0] === to)?.parsed.html ?? '';
      const row = stored.find((s) => s.ema_uni_id === id)?.ema_uni_content ?? '';
      const page = await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${id}` });
      expect(page.statusCode).toBe(200);
      const content: string = page.json().content;

      expect(scriptCapable(mail), `e-mail: ${payload}`).toEqual([]);
      expect(scriptCapable(row), `stored: ${payload}`).toEqual([]);
      expect(scriptCapable(content), `public page: ${payload}`).toEqual([]);
      // The name was the payload (cut to 80): the recipient reads it as text.
      const name = payload.slice(0, 80);
      const asText = (html: string) =>
        flat(
          html
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&'),
        );
      expect(asText(row), `stored text: ${payload}`).toContain(flat(`NOME=[${name}]`));
      expect(row).toContain('DATA_NASCIMENTO=[07/03/1990]');
      expect(content).toBe(row);
      // The evidence (content hash in the chain, the proofs) covers the body as sanitised.
      expect(stored.find((s) => s.ema_uni_id === id)?.ema_uni_content_sha256).toBe(createHash('sha256').update(row).digest('hex'));
    }

    // The proofs carry the content's hash, never its HTML; their PDFs hold no script and link only to http(s).
    const code = sent[0]?.ema_uni_codigo;
    for (const [method, url] of [
      ['PUT', `/v2/emails/sending-proof/${code}`],
      ['GET', `/v2/emails/report/laudo/${code}`],
    ] as const) {
      const pdf = await t.app.inject({ method, url, headers: bearer(token), payload: method === 'PUT' ? {} : undefined });
      expect(pdf.statusCode, url).toBe(200);
      const raw = pdf.rawPayload.toString('latin1');
      expect(raw).not.toMatch(/\/(JavaScript|JS|Launch|SubmitForm|ImportData|RichMedia)\b/);
      for (const uri of raw.matchAll(/\/URI\s*\(([^)]*)\)/g)) expect(uri[1], url).toMatch(/^https?:\/\//);
    }
  }, 120_000);

  it('a body stored unsanitised before the fix is sanitised on the public page', async () => {
    const token = await t.login('admin@demo.local');
    const res = await t.send(token, {
      destinataires: [{ to: 'antiga@cliente.test', nameTo: 'Antiga' }],
      nameFrom: 'Cobrança Demo',
      subject: 'Antiga',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(200);
    const id: string = res.json().emails[0].ema_uni_id;
    const unsafe = `<p><a href="javascript:alert(1)">x</a></p>${PAYLOADS.join('\n')}`;
    await t.ctx.db
      .updateTable('emails')
      .set({ ema_uni_content: unsafe, ema_uni_data_criacao: new Date('2026-11-20T12:00:00Z') })
      .where('ema_uni_id', '=', id)
      .execute();
    const page = await t.app.inject({ method: 'GET', url: `/v2/emails/info/public/${id}` });
    expect(page.statusCode).toBe(200);
    expect(scriptCapable(page.json().content)).toEqual([]);
  });
});
