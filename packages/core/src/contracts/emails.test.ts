import { describe, expect, it } from 'vitest';
import { composeBody, composeProblems, EMAIL_MSG, htmlHasContent, recipientContactProblem } from './emails.ts';

const strict = { set_envia_email_obrigatorio: true };
const lax = { set_envia_email_obrigatorio: false };
const none = new Set<string>();

describe('compose rules shared by the screen and the server', () => {
  it('checks one recipient: e-mail, duplicates, and numbers instead when the setting allows', () => {
    expect(recipientContactProblem({ to: 'ana@x.com' }, strict, none)).toBeNull();
    expect(recipientContactProblem({ to: 'ana@' }, strict, none)).toBe(EMAIL_MSG.recipientEmailInvalid);
    expect(recipientContactProblem({ to: 'ANA@x.com' }, strict, new Set(['ana@x.com']))).toBe(EMAIL_MSG.duplicateRecipient);
    expect(recipientContactProblem({ to: '' }, strict, none)).toBe(EMAIL_MSG.recipientEmailRequired);
    expect(recipientContactProblem({ to: '' }, lax, none)).toBe(EMAIL_MSG.recipientContactRequired);
    expect(recipientContactProblem({ to: '', sms: { mobile: '(11) 91234-5678' } }, lax, none)).toBeNull();
    expect(recipientContactProblem({ to: 'ana@x.com', sms: { mobile: '(10) 91234-5678' } }, strict, none)).toBe(EMAIL_MSG.smsInvalid);
    expect(recipientContactProblem({ to: 'ana@x.com', whatsapp: { mobile: '1234' } }, strict, none)).toBe(EMAIL_MSG.whatsappInvalid);
  });

  it('refuses the second occurrence of an address in a payload, and a missing required attachment', () => {
    const body = composeBody.parse({
      destinataires: [
        { to: 'ana@x.com', nameTo: 'Ana' },
        { to: 'Ana@X.com', nameTo: 'Ana 2' },
      ],
      nameFrom: 'Remetente',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    expect(composeProblems(body, { ...strict, usu_anexo_obrigatorio: 'N' })).toBe(EMAIL_MSG.duplicateRecipient);
    const single = { ...body, destinataires: body.destinataires.slice(0, 1) };
    expect(composeProblems(single, { ...strict, usu_anexo_obrigatorio: 'N' })).toBeNull();
    expect(composeProblems(single, { ...strict, usu_anexo_obrigatorio: 'S' })).toBe(EMAIL_MSG.attachmentRequired);
  });

  it('takes a body of only tags and spaces for empty, an image alone for content', () => {
    expect(htmlHasContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(htmlHasContent('<p><img src="data:image/png;base64,AA=="></p>')).toBe(true);
    expect(htmlHasContent('<p>Olá</p>')).toBe(true);
    expect(
      composeBody.safeParse({ destinataires: [{ to: 'a@x.com', nameTo: 'A' }], nameFrom: 'R', subject: 'S', content: '<p>&nbsp;</p>' })
        .error?.issues[0]?.message,
    ).toBe(EMAIL_MSG.contentRequired);
  });
});
