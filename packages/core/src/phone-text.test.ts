import { describe, expect, it } from 'vitest';
import { composeSmsText, composeWhatsappText, isGsm7, phoneE164, publicPageLink, smsSegments, toGsm7 } from './phone-text.ts';

const link = publicPageLink('https://app.aronline.com.br/', '3f2a9c1e-6b0d-4e58-9a7f-0c1d2e3f4a5b', 'sms');

describe('SMS segments (GSM-7 and UCS-2)', () => {
  it('160 GSM-7 septets in one segment, 153 per part beyond', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });
  it('an extension character counts two septets', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}[`).segments).toBe(2);
  });
  it('a character outside GSM-7 makes the text UCS-2: 70 in one, 67 per part', () => {
    expect(isGsm7('ação')).toBe(false);
    expect(smsSegments(`ã${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS-2', length: 70, segments: 1 });
    expect(smsSegments(`ã${'a'.repeat(70)}`).segments).toBe(2);
  });
});

describe('the AR-SMS text', () => {
  it('has the sender, the notice and the link with the sms flag, in one GSM-7 segment', () => {
    const text = composeSmsText('Escritório Souza', link);
    expect(link).toBe('https://app.aronline.com.br/emails/info/public/3f2a9c1e-6b0d-4e58-9a7f-0c1d2e3f4a5b?sms=1');
    expect(text).toContain('Escritorio Souza');
    expect(text.endsWith(link)).toBe(true);
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
  it('keeps accents GSM-7 has, takes off the others', () => {
    expect(toGsm7('João Conceição Müller é')).toBe('Joao Conceicao Müller é');
    expect(toGsm7('Ana 😀 Lima')).toBe('Ana Lima');
  });
  it('takes the shorter notice, then the name cut, then two segments, never cutting the link', () => {
    expect(composeSmsText('Advogados Associados Souza', link)).toBe(
      `Advogados Associados Souza enviou uma mensagem registrada (AR Online): ${link}`,
    );
    const text = composeSmsText('Advogados Associados Souza Lima', link);
    expect(text).toBe(`Advogados Associados Souza Lima: mensagem registrada AR Online ${link}`);
    expect(smsSegments(text).segments).toBe(1);
    const cut = composeSmsText('Sociedade de Advogados Associados do Brasil Ltda', link);
    expect(cut).toBe(`Sociedade de Advogados Associados do Br: mensagem registrada AR Online ${link}`);
    expect(smsSegments(cut).segments).toBe(1);
    const longLink = `${publicPageLink(`https://${'a'.repeat(60)}.com.br`, '3f2a9c1e-6b0d-4e58-9a7f-0c1d2e3f4a5b', 'sms')}`;
    const two = composeSmsText('Sociedade de Advogados Associados do Brasil Ltda', longLink);
    expect(two).toBe(`Sociedade de Advogados Associados do Brasil Ltda enviou uma mensagem registrada (AR Online): ${longLink}`);
    expect(smsSegments(two).segments).toBe(2);
    const huge = composeSmsText('X'.repeat(300), longLink);
    expect(smsSegments(huge).segments).toBe(2);
    expect(huge.endsWith(longLink)).toBe(true);
  });
});

describe('numbers and the WhatsApp text', () => {
  it('E.164 with +55 for national numbers, kept country code otherwise', () => {
    expect(phoneE164('(11) 98765-4321')).toBe('+5511987654321');
    expect(phoneE164('(11) 3765-4321')).toBe('+551137654321');
    expect(phoneE164('+55 (21) 98765-4321')).toBe('+5521987654321');
    expect(phoneE164('123')).toBeNull();
  });
  it('names sender, subject and the whatsapp link', () => {
    const text = composeWhatsappText('Ana', 'Cobrança', publicPageLink('http://x', 'u', 'whatsapp'));
    expect(text).toBe(
      'Ana enviou a você uma mensagem registrada pelo AR Online: "Cobrança". Acesse a mensagem: http://x/emails/info/public/u?whatsapp=1',
    );
  });
});
