import { CASCADE_MSG, type CascadePlanInput, EMAIL_MSG } from '@ar/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp, withoutSession } from '../../../test/harness.ts';
import { saveDefaultCascade } from './cascade.queries.ts';

/**
 * The user's default plan (docs/cascade.md, "The user's default"): saved and read in Minha Conta
 * (`/usuarios-settings/cascata`), checked by core's schema, the user's own, and applied by
 * `POST /emails/send` when the payload has no `cascata` (null stays none).
 */
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const users = app.signIns({ ana: 'usuario@demo.local', gerente: 'gerente@demo.local', pos: 'pos@demo.local' });
const URL = '/usuarios-settings/cascata';

const smsLadder = {
  modelo: 'personalizada',
  etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 24, unidade: 'horas' } }],
} satisfies CascadePlanInput;
/** The ladder as the API answers it: every field spelt out. */
const smsLadderView = {
  modelo: 'personalizada',
  etapas: [
    { canal: 'email', condicao: null },
    { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 24, unidade: 'horas' } },
  ],
};

const row = { to: 'ana@cliente.test', nameTo: 'Ana', sms: { name: 'Ana', mobile: '(11) 98765-4321' } };
const compose = (extra: Record<string, unknown>, r: Record<string, unknown> = row) => ({
  destinataires: [r],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação extrajudicial',
  content: '<p>Prezada, segue a notificação.</p>',
  ...extra,
});
const settingsOf = async (login: string) =>
  (await app.t.ctx.db.selectFrom('usuarios').select('usu_settings').where('usu_login', '=', login).executeTakeFirstOrThrow())
    .usu_settings as Record<string, unknown>;
const cascadeOf = (cod: number) =>
  app.t.ctx.db.selectFrom('cascata_etapas').selectAll().where('cod_email', '=', cod).orderBy('eta_ordem').execute();

describe("the user's default cascade", () => {
  it('needs a session', async () => {
    expect(await withoutSession(app, [`GET ${URL}`, `PUT ${URL}`], { cascata: null })).toEqual([]);
  });

  it('starts as none, saves the preset, a custom ladder or none, and touches no other setting', async () => {
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: null });
    // Another setting of the same jsonb (the recipients' custom variables) stays as it is.
    const custom = { customField: { data: [{ id: 'CONTRATO', description: 'Número do contrato', value: '' }] } };
    expect((await app.call('PUT', '/leads/custom-fields', users.ana, custom)).statusCode).toBe(200);
    const customField = (await settingsOf('usuario@demo.local')).customField;
    expect(customField).toMatchObject({ data: [{ description: 'Número do contrato' }] });

    let res = await app.call('PUT', URL, users.ana, { cascata: { modelo: 'cpc246' } });
    expect([res.statusCode, res.json()]).toEqual([200, { message: CASCADE_MSG.defaultSaved, cascata: { modelo: 'cpc246', etapas: [] } }]);
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: { modelo: 'cpc246', etapas: [] } });

    res = await app.call('PUT', URL, users.ana, { cascata: smsLadder });
    expect([res.statusCode, res.json()]).toEqual([200, { message: CASCADE_MSG.defaultSaved, cascata: smsLadderView }]);
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: smsLadderView });
    expect((await settingsOf('usuario@demo.local')).customField).toEqual(customField);

    res = await app.call('PUT', URL, users.ana, { cascata: null });
    expect([res.statusCode, res.json()]).toEqual([200, { message: CASCADE_MSG.defaultCleared, cascata: null }]);
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: null });
    expect((await settingsOf('usuario@demo.local')).customField).toEqual(customField);
  });

  it("refuses a bad plan with core's Portuguese message and keeps the saved one", async () => {
    expect((await app.call('PUT', URL, users.ana, { cascata: smsLadder })).statusCode).toBe(200);
    const bad = async (payload: unknown) => {
      const res = await app.call('PUT', URL, users.ana, payload);
      return [res.statusCode, res.json().message];
    };
    expect(await bad({})).toEqual([400, CASCADE_MSG.defaultRequired]);
    expect(await bad({ cascata: { modelo: 'outra' } })).toEqual([400, CASCADE_MSG.model]);
    expect(await bad({ cascata: { modelo: 'personalizada', etapas: [{ canal: 'email' }] } })).toEqual([400, CASCADE_MSG.minSteps]);
    expect(
      await bad({
        cascata: {
          modelo: 'personalizada',
          etapas: [{ canal: 'email' }, { canal: 'email', condicao: { tipo: 'nao_lido', prazo: 1, unidade: 'horas' } }],
        },
      }),
    ).toEqual([400, CASCADE_MSG.repeated]);
    expect(
      await bad({ cascata: { modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'nao_lido' } }] } }),
    ).toEqual([400, CASCADE_MSG.wait(2)]);
    expect(
      await bad({
        cascata: {
          modelo: 'personalizada',
          etapas: [{ canal: 'email' }, { canal: 'sms', condicao: { tipo: 'falhou', prazo: 23, unidade: 'dias_uteis' } }],
        },
      }),
    ).toEqual([400, CASCADE_MSG.waitTooLong(2, 22, 'dias úteis')]);
    // A channel the account may not send is refused when saved, with compose's message.
    await app.t.ctx.db
      .updateTable('usuarios')
      .set({ usu_aceita_ar_whatsapp: false })
      .where('usu_login', '=', 'usuario@demo.local')
      .execute();
    const whatsapp = { modelo: 'personalizada', etapas: [{ canal: 'email' }, { canal: 'whatsapp', condicao: { tipo: 'junto' } }] };
    expect(await bad({ cascata: whatsapp })).toEqual([400, EMAIL_MSG.whatsappNotAllowed]);
    await app.t.ctx.db
      .updateTable('usuarios')
      .set({ usu_aceita_ar_whatsapp: true })
      .where('usu_login', '=', 'usuario@demo.local')
      .execute();
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: smsLadderView });
  });

  it("is the user's own: another user (a manager of the same entity, another entity's) neither reads nor changes it", async () => {
    expect((await app.call('PUT', URL, users.ana, { cascata: smsLadder })).statusCode).toBe(200);
    for (const other of [users.gerente, users.pos]) {
      expect((await app.call('GET', URL, other)).json()).toEqual({ cascata: null });
      expect((await app.call('PUT', URL, other, { cascata: { modelo: 'cpc246' } })).statusCode).toBe(200);
      expect((await app.call('GET', URL, other)).json()).toEqual({ cascata: { modelo: 'cpc246', etapas: [] } });
    }
    expect((await app.call('GET', URL, users.ana)).json()).toEqual({ cascata: smsLadderView });
    // The write itself carries the scope: the manager's scope reaches no other row.
    await saveDefaultCascade(app.t.ctx.db, await app.scopeOf('gerente@demo.local'), null);
    expect((await settingsOf('usuario@demo.local')).cascata).toEqual(smsLadder);
    expect((await settingsOf('gerente@demo.local')).cascata).toBeNull();
    await app.call('PUT', URL, users.pos, { cascata: null });
  });

  it("a send without 'cascata' follows the default; 'cascata: null' sends every channel at once", async () => {
    expect((await app.call('PUT', URL, users.ana, { cascata: smsLadder })).statusCode).toBe(200);
    // Absent: the default ladder; the SMS waits for its step (no 'processed', no status).
    let res = await app.call('POST', '/emails/send', users.ana, compose({}));
    expect([res.statusCode, res.json().message]).toEqual([200, EMAIL_MSG.sent('AR Online')]);
    const withDefault = res.json().emails[0].ema_uni_codigo as number;
    expect((await cascadeOf(withDefault)).map((s) => [s.eta_canal, s.eta_situacao])).toEqual([
      ['email', 'enviada'],
      ['sms', 'aguardando'],
    ]);
    const detail = (await app.call('GET', `/emails/send/${withDefault}`, users.ana)).json();
    expect(detail.cascata).toMatchObject({ modelo: 'personalizada', situacao: 'em_andamento' });

    // null: none, whatever the default: both channels at once, no cascade stored.
    res = await app.call('POST', '/emails/send', users.ana, compose({ cascata: null }));
    expect(res.statusCode).toBe(200);
    const none = res.json().emails[0].ema_uni_codigo as number;
    expect(await cascadeOf(none)).toEqual([]);
    const msg = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_status_email', 'ema_status_sms'])
      .where('ema_uni_codigo', '=', none)
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({ ema_status_email: 'processed', ema_status_sms: 'processed' });

    // The payload's own plan wins over the default.
    res = await app.call('POST', '/emails/send', users.ana, compose({ cascata: { modelo: 'cpc246' } }, { ...row, carta: undefined }));
    expect([res.statusCode, res.json().message]).toEqual([400, CASCADE_MSG.needs('carta')]);

    // A row without the default's target is refused as compose refuses it, nothing stored.
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM emails`.execute(app.t.ctx.db)).rows[0]?.n);
    const before = await count();
    res = await app.call('POST', '/emails/send', users.ana, compose({}, { to: 'bia@cliente.test', nameTo: 'Bia' }));
    expect([res.statusCode, res.json().message]).toEqual([400, CASCADE_MSG.needs('sms')]);
    expect(await count()).toBe(before);

    // Without a default, a payload without 'cascata' sends as before: every channel at once.
    await app.call('PUT', URL, users.ana, { cascata: null });
    res = await app.call('POST', '/emails/send', users.ana, compose({}, { to: 'bia@cliente.test', nameTo: 'Bia' }));
    expect(res.statusCode).toBe(200);
    expect(await cascadeOf(res.json().emails[0].ema_uni_codigo)).toEqual([]);
  });
});
