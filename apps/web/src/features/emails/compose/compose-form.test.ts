import { CASCADE_MSG, EMAIL_MSG, LETTER_MSG, PLAN_MSG, SENDER_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { emptyOficio } from '../oficio/oficio-draft.ts';
import { emptyCascade } from './cascade-draft.ts';
import {
  type ComposeUser,
  draftUnits,
  draftUnitsOf,
  emptyDraft,
  emptyRecipient,
  fitRecipientName,
  messageProblems,
  recipientProblem,
  sendState,
  toPayload,
} from './compose-form.ts';
import { letterFromLead } from './letter-draft.ts';

const user: ComposeUser = {
  usu_nome: 'Gerente Demo',
  usu_login: 'gerente@demo.local',
  usu_aceita_ar_whatsapp: true,
  usu_aceita_ar_voz: true,
  usu_validacao_notificacao: true,
  usu_anexo_obrigatorio: 'N',
  usu_limite_anexo: null,
  set_envia_email_obrigatorio: true,
};
const row = (p: Partial<ReturnType<typeof emptyRecipient>>) => ({ ...emptyRecipient(), ...p });
const ready = () => ({
  ...emptyDraft(user),
  recipients: [row({ nameTo: 'Ana', to: 'ana@cliente.test' })],
  subject: 'Aviso',
  content: '<p>Olá</p>',
});
const prepaid = (total: number) => ({ tipoPlano: '1' as const, total, ativo: true });

describe('compose rules', () => {
  it('checks each recipient: name, e-mail, duplicates, the security question', () => {
    expect(recipientProblem(row({ to: 'a@b.com' }), user)).toBe(EMAIL_MSG.recipientNameRequired);
    expect(recipientProblem(row({ nameTo: 'Ana', to: 'ana@' }), user)).toBe(EMAIL_MSG.recipientEmailInvalid);
    expect(recipientProblem(row({ nameTo: 'Ana' }), user)).toBe(EMAIL_MSG.recipientEmailRequired);
    expect(recipientProblem(row({ nameTo: 'Ana' }), { ...user, set_envia_email_obrigatorio: false })).toBe(
      EMAIL_MSG.recipientContactRequired,
    );
    const first = row({ nameTo: 'Ana', to: 'ana@x.com' });
    const second = row({ nameTo: 'Ana 2', to: 'ANA@x.com' });
    expect(recipientProblem(second, user, [first, second])).toBe(EMAIL_MSG.duplicateRecipient);
    expect(recipientProblem(row({ nameTo: 'Ana', to: 'ana@x.com', verifOn: true, pergunta: 'Cor?' }), user)).toBe(
      EMAIL_MSG.securityQuestion,
    );
    expect(recipientProblem(row({ nameTo: 'Ana', to: 'ana@x.com', smsOn: true, sms: '(11) 8123-4567' }), user)).toBe(EMAIL_MSG.smsInvalid);
  });

  it('takes an SMS or WhatsApp number in place of the e-mail when the account allows, with the rules of each number', () => {
    const optional = { ...user, set_envia_email_obrigatorio: false };
    const smsOnly = row({ nameTo: 'Ana', smsOn: true, sms: '(11) 98765-4321' });
    expect(recipientProblem(smsOnly, optional)).toBeNull();
    expect(recipientProblem(smsOnly, user)).toBe(EMAIL_MSG.recipientEmailRequired);
    // Area code 20 does not exist; the third digit must be 9; switched on and left empty.
    expect(recipientProblem(row({ nameTo: 'Ana', smsOn: true, sms: '(20) 98765-4321' }), optional)).toBe(EMAIL_MSG.smsInvalid);
    expect(recipientProblem(row({ nameTo: 'Ana', smsOn: true, sms: '(11) 88765-4321' }), optional)).toBe(EMAIL_MSG.smsInvalid);
    expect(recipientProblem(row({ nameTo: 'Ana', smsOn: true }), optional)).toBe(EMAIL_MSG.smsInvalid);
    const whatsOnly = row({ nameTo: 'Ana', whatsOn: true, whatsapp: '+55 (11) 98765-4321' });
    expect(recipientProblem(whatsOnly, optional)).toBeNull();
    expect(recipientProblem(row({ nameTo: 'Ana', whatsOn: true, whatsapp: '(11) 9876' }), optional)).toBe(EMAIL_MSG.whatsappInvalid);
    // Without the WhatsApp flag the number is not sent, so the row has no contact left.
    expect(recipientProblem(whatsOnly, { ...optional, usu_aceita_ar_whatsapp: false })).toBe(EMAIL_MSG.recipientContactRequired);
    const d = { ...ready(), recipients: [smsOnly, whatsOnly] };
    expect(toPayload(d, optional).destinataires).toEqual([
      expect.objectContaining({ to: '', sms: { name: 'Ana', mobile: '(11) 98765-4321' }, whatsapp: null }),
      expect.objectContaining({ to: '', sms: null, whatsapp: { name: 'Ana', mobile: '+55 (11) 98765-4321' } }),
    ]);
    expect(sendState(d, optional, prepaid(10), false)).toMatchObject({ enabled: true, units: 2 });
  });

  it('counts the units the server will debit', () => {
    const d = {
      ...ready(),
      recipients: [row({ nameTo: 'A', to: 'a@x.com' }), row({ nameTo: 'B', to: 'b@x.com', whatsOn: true, whatsapp: '(11) 91234-5678' })],
    };
    expect(draftUnits(d, user)).toBe(3);
    expect(draftUnits(d, { usu_aceita_ar_whatsapp: false })).toBe(2);
    // E-mail and SMS together are one unit; WhatsApp one more (spec 001 §9).
    const all = { ...ready(), recipients: [row({ nameTo: 'A', to: 'a@x.com', smsOn: true, sms: '(11) 98765-4321' })] };
    expect(draftUnits(all, user)).toBe(1);
    all.recipients[0] = { ...(all.recipients[0] as ReturnType<typeof row>), whatsOn: true, whatsapp: '(11) 98765-4321' };
    expect(draftUnits(all, user)).toBe(2);
  });

  it('AR-Voz: one more unit, the call in the payload, a number required, and at least 2 credits (spec 001 §5, §9)', () => {
    const call = { ...ready(), recipients: [row({ nameTo: 'Ana', to: 'ana@cliente.test', vozOn: true, voz: '(11) 98765-4321' })] };
    expect(draftUnits(call, user)).toBe(2);
    expect(draftUnits(call, { ...user, usu_aceita_ar_voz: false })).toBe(1);
    expect(toPayload(call, user).destinataires[0]).toMatchObject({ voz: { name: 'Ana', mobile: '(11) 98765-4321' } });
    expect(toPayload(call, { ...user, usu_aceita_ar_voz: false }).destinataires[0]).toMatchObject({ voz: null });
    expect(recipientProblem(row({ nameTo: 'Ana', to: 'ana@x.com', vozOn: true, voz: '' }), user)).toBe(EMAIL_MSG.vozInvalid);
    expect(recipientProblem(row({ nameTo: 'Ana', to: 'ana@x.com', vozOn: true, voz: '(11) 1234' }), user)).toBe(EMAIL_MSG.vozInvalid);
    expect(sendState(call, user, prepaid(2), false)).toMatchObject({ visible: true, enabled: true, units: 2 });
    // A call alone costs 1 unit, but the account needs 2 credits for it.
    const only = { ...ready(), recipients: [row({ nameTo: 'Ana', vozOn: true, voz: '(11) 98765-4321' })] };
    expect(sendState(only, { ...user, set_envia_email_obrigatorio: false }, prepaid(1), false)).toMatchObject({ visible: false });
  });

  it('fits a name to 14 characters and keeps what it was when it cuts (issue 43: no silent cut)', () => {
    expect(fitRecipientName('Paula Cinco Canais')).toEqual({ nameTo: 'Paula Cinco Ca', nameCutFrom: 'Paula Cinco Canais' });
    expect(fitRecipientName('Paula Cinco Ca')).toEqual({ nameTo: 'Paula Cinco Ca', nameCutFrom: undefined });
    expect(fitRecipientName('')).toEqual({ nameTo: '', nameCutFrom: undefined });
    // What the row holds is what is sent: the payload cuts nothing more.
    const d = { ...ready(), recipients: [row({ ...fitRecipientName('Paula Cinco Canais'), to: 'paula@cliente.test' })] };
    expect(toPayload(d, user).destinataires[0]?.nameTo).toBe('Paula Cinco Ca');
    expect(toPayload(d, user).destinataires[0]).not.toHaveProperty('nameCutFrom');
  });

  it('says why the send button is disabled: every unmet rule, none when it is enabled', () => {
    // The empty form (issue 43: the disabled 'Enviar' gave no reason).
    expect(sendState(emptyDraft(user), user, prepaid(10), false).reasons).toEqual([
      EMAIL_MSG.recipientNameRequired,
      EMAIL_MSG.recipientEmailRequired,
      EMAIL_MSG.subjectRequired,
      EMAIL_MSG.contentRequired,
    ]);
    // An account where an SMS or WhatsApp number may stand in for the e-mail says so.
    const optional = { ...user, set_envia_email_obrigatorio: false };
    expect(sendState(emptyDraft(optional), optional, prepaid(10), false).reasons).toContain(EMAIL_MSG.recipientContactRequired);
    // Several rows: each problem names its row.
    const two = { ...ready(), recipients: [row({ nameTo: 'Ana', to: 'ana@cliente.test' }), row({ nameTo: 'Bia', to: 'bia@' })] };
    expect(sendState(two, user, prepaid(10), false).reasons).toEqual([`Destinatário 2: ${EMAIL_MSG.recipientEmailInvalid}`]);
    expect(sendState(ready(), user, { ...prepaid(10), ativo: false }, false).reasons).toEqual([PLAN_MSG.inactive]);
    expect(sendState(ready(), user, undefined, false).reasons).toEqual([EMAIL_MSG.creditsLoading]);
    // Enabled, sending, or hidden for credits (the buy link says why): nothing to say on the button.
    expect(sendState(ready(), user, prepaid(10), false).reasons).toEqual([]);
    expect(sendState({ ...ready(), subject: '' }, user, prepaid(10), true).reasons).toEqual([]);
    expect(sendState(ready(), user, prepaid(0), false).reasons).toEqual([]);
  });

  it('enables the send button only for a valid form the credits cover, and hides it when they do not', () => {
    expect(sendState(ready(), user, prepaid(10), false)).toMatchObject({ visible: true, enabled: true, units: 1 });
    expect(sendState(ready(), user, prepaid(10), true).enabled).toBe(false);
    expect(sendState({ ...ready(), subject: '' }, user, prepaid(10), false).enabled).toBe(false);
    expect(sendState(ready(), user, prepaid(0), false)).toMatchObject({ visible: false, enabled: false });
    const two = { ...ready(), recipients: [...ready().recipients, row({ nameTo: 'Bia', to: 'bia@x.com' })] };
    expect(sendState(two, user, prepaid(1), false).visible).toBe(false);
    expect(sendState(two, user, { tipoPlano: '2', total: 0, ativo: true }, false).enabled).toBe(true);
    expect(sendState(ready(), { ...user, usu_anexo_obrigatorio: 'S' }, prepaid(10), false).enabled).toBe(false);
  });

  it("validates the message by core's contract of a send, each problem on its field", () => {
    expect(messageProblems(ready(), user)).toEqual({});
    expect(messageProblems({ ...ready(), subject: 'a'.repeat(181) }, user)).toEqual({ subject: EMAIL_MSG.subjectTooLong });
    expect(messageProblems({ ...ready(), subject: '  ' }, user)).toEqual({ subject: EMAIL_MSG.subjectRequired });
    expect(messageProblems({ ...ready(), identificacao: 'x'.repeat(121) }, user)).toEqual({
      identificacao: EMAIL_MSG.identificationTooLong,
    });
    expect(messageProblems({ ...ready(), content: '<p> </p>' }, user)).toEqual({ content: EMAIL_MSG.contentRequired });
    expect(messageProblems({ ...ready(), nameFrom: ' ' }, user)).toEqual({ nameFrom: SENDER_MSG.required });
    // A notice needs no body, but its own fields.
    const notice = messageProblems({ ...ready(), content: '', oficio: emptyOficio() }, user);
    expect(Object.keys(notice)).toEqual(['oficio']);
    // The account's required attachment shows even while other fields are missing; 21 files are too many.
    expect(messageProblems({ ...ready(), subject: '' }, { ...user, usu_anexo_obrigatorio: 'S' })).toEqual({
      attachments: EMAIL_MSG.attachmentRequired,
      subject: EMAIL_MSG.subjectRequired,
    });
    const file = (i: number) => ({
      uuidFilename: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      originalFilename: `a${i}.pdf`,
      mime: 'application/pdf',
      size: 1,
    });
    const many = Array.from({ length: 21 }, (_, i) => file(i));
    expect(messageProblems({ ...ready(), attachments: many }, user)).toEqual({ attachments: EMAIL_MSG.tooManyAttachments });
    expect(messageProblems({ ...ready(), attachments: [file(1)] }, { ...user, usu_anexo_obrigatorio: 'S' })).toEqual({});
  });

  it('builds the compose payload, cutting the name to 14 and leaving out what the user may not use', () => {
    const d = {
      ...ready(),
      recipients: [row({ nameTo: 'Maria Aparecida Santos', to: 'm@x.com', verifOn: true, pergunta: 'P?', resposta: 'R' })],
    };
    const payload = toPayload(d, { ...user, usu_validacao_notificacao: false });
    expect(payload.destinataires[0]).toMatchObject({ nameTo: 'Maria Aparecid', validacaoNotif: null, to: 'm@x.com' });
    expect(toPayload(d, user).destinataires[0]?.validacaoNotif).toEqual({ pergunta: 'P?', resposta: 'R' });
  });

  it('AR-Carta: the address filled from the saved recipient, checked by core, sent and counted one unit more', () => {
    const lead = {
      lea_nome: 'Ana Souza',
      lea_endereco: 'Avenida Paulista',
      lea_cidade: 'São Paulo',
      lea_estado: 'SP',
      lea_cep: '01310200',
    };
    const carta = letterFromLead(lead, emptyRecipient().carta);
    expect(carta).toEqual({
      nome: 'Ana Souza',
      endereco: 'Avenida Paulista',
      numero: '',
      complemento: '',
      bairro: '',
      cidade: 'São Paulo',
      estado: 'SP',
      cep: '01310-200',
    });
    // The registry has no number nor district: they are asked for.
    const partial = row({ nameTo: 'Ana', to: 'ana@cliente.test', cartaOn: true, carta });
    expect(recipientProblem(partial, user)).toBe(LETTER_MSG.numero);
    const full = row({ ...partial, carta: { ...carta, numero: '1578', bairro: 'Bela Vista' } });
    expect(recipientProblem(full, user)).toBeNull();
    expect(recipientProblem(row({ ...full, carta: { ...full.carta, cep: '0000' } }), user)).toBe(LETTER_MSG.cep);
    const d = { ...ready(), recipients: [full] };
    expect(toPayload(d, user).destinataires[0]?.carta).toMatchObject({ numero: '1578', complemento: null, cep: '01310-200' });
    expect(draftUnits(d, user)).toBe(2);
    expect(toPayload({ ...d, recipients: [{ ...full, cartaOn: false }] }, user).destinataires[0]?.carta).toBeNull();
  });

  it("a cascade: the payload, the rows' targets checked on its panel, the units now and at most", () => {
    const base = ready();
    const sms = { smsOn: true, sms: '(11) 98765-4321' };
    const custom = { ...emptyCascade(), modo: 'personalizada' as const };
    expect(toPayload({ ...base, cascata: emptyCascade() }, user).cascata).toBeNull();
    expect(toPayload({ ...base, cascata: { ...emptyCascade(), modo: 'cpc246' } }, user).cascata).toEqual({ modelo: 'cpc246' });
    expect(toPayload({ ...base, cascata: custom }, user).cascata).toEqual({
      modelo: 'personalizada',
      etapas: [
        { canal: 'email', condicao: null },
        { canal: 'sms', condicao: { tipo: 'nao_lido', prazo: 24, unidade: 'horas' } },
      ],
    });
    // The SMS step needs the row's number; the problem shows on the cascade's panel and keeps 'Enviar' off.
    expect(messageProblems({ ...base, cascata: custom }, user).cascata).toBe(CASCADE_MSG.needs('sms'));
    expect(sendState({ ...base, cascata: custom }, user, prepaid(10), false).enabled).toBe(false);
    const withSms = { ...base, recipients: [row({ nameTo: 'Ana', to: 'ana@cliente.test', ...sms })], cascata: custom };
    expect(messageProblems(withSms, user).cascata).toBeUndefined();
    expect(sendState(withSms, user, prepaid(10), false).enabled).toBe(true);
    // An empty wait is the schema's message.
    const noWait = { ...withSms, cascata: { ...custom, etapas: custom.etapas.map((e, i) => (i === 1 ? { ...e, prazo: '' } : e)) } };
    expect(messageProblems(noWait, user).cascata).toBe(CASCADE_MSG.wait(2));
    // CPC 246 with WhatsApp and a letter: 2 units now (e-mail, WhatsApp), 3 at most (the letter); 2 credits are not enough.
    const letter = {
      nome: 'Ana',
      endereco: 'Rua A',
      numero: '1',
      complemento: '',
      bairro: 'Centro',
      cidade: 'São Paulo',
      estado: 'SP',
      cep: '01310-200',
    };
    const cpc = {
      ...base,
      recipients: [
        row({ nameTo: 'Ana', to: 'ana@cliente.test', whatsOn: true, whatsapp: '(11) 98765-4321', cartaOn: true, carta: letter }),
      ],
      cascata: { ...emptyCascade(), modo: 'cpc246' as const },
    };
    // The breakdown is of what goes now: the letter, a later step, is debited when it goes.
    expect(draftUnitsOf(cpc, user)).toEqual({
      now: 2,
      atMost: 3,
      breakdown: [
        { label: 'AR-Email', units: 1 },
        { label: 'AR-WhatsApp', units: 1 },
      ],
    });
    expect(sendState(cpc, user, prepaid(2), false).visible).toBe(false);
    expect(sendState(cpc, user, prepaid(3), false).enabled).toBe(true);
  });
});
