import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { parseInboundAddress, protocolsIn } from './addresses.ts';
import { parseStatusFields, readDeliveryReport } from './dsn.ts';
import { sanitizeReceivedBody } from './sanitize-received.ts';

const P = '0b0e3f0c-5d2a-4c47-9a57-3c1f1b2a9e10';
const parse = (lines: string[]) => PostalMime.parse(lines.join('\r\n'), { forceRfc822Attachments: true });

describe('inbound addresses', () => {
  it('knows the reply and bounce addresses of the mail domain only', () => {
    expect(parseInboundAddress(`resposta+${P}@ar.test`, 'ar.test')).toEqual({ kind: 'reply', uuid: P });
    expect(parseInboundAddress(`Retorno+${P.toUpperCase()}@AR.TEST`, 'ar.test')).toEqual({ kind: 'bounce', uuid: P });
    expect(parseInboundAddress('resposta@ar.test', 'ar.test')).toEqual({ kind: 'reply', uuid: null });
    expect(parseInboundAddress(`resposta+${P}@outro.test`, 'ar.test')).toBeNull();
    expect(parseInboundAddress('resposta+123@ar.test', 'ar.test')).toBeNull();
    expect(parseInboundAddress(`contato+${P}@ar.test`, 'ar.test')).toBeNull();
    expect(parseInboundAddress('sem-arroba', 'ar.test')).toBeNull();
  });

  it('reads our protocols from In-Reply-To / References, most recent first', () => {
    const other = '11111111-2222-4333-8444-555555555555';
    expect(protocolsIn(`<${P}@ar.test> <x@gmail.test> <${other}@ar.test>`, 'ar.test')).toEqual([other, P]);
    expect(protocolsIn(`<${P}@outro.test>`, 'ar.test')).toEqual([]);
    expect(protocolsIn(undefined, 'ar.test')).toEqual([]);
  });
});

describe('delivery reports', () => {
  it('splits and unfolds the fields of a delivery-status part', () => {
    const blocks = parseStatusFields(
      'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@b\nDiagnostic-Code: smtp; 550 5.1.1\n  User unknown\n',
    );
    expect(blocks).toEqual([
      { 'reporting-mta': 'dns; mx' },
      { 'final-recipient': 'rfc822; a@b', 'diagnostic-code': 'smtp; 550 5.1.1 User unknown' },
    ]);
  });

  it('reads an RFC 3464 failure, with the protocol of the returned message', async () => {
    const email = await parse([
      'From: MAILER-DAEMON@mx.test',
      'Subject: Returned mail',
      'Content-Type: multipart/report; report-type=delivery-status; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Sorry.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.test',
      '',
      'Final-Recipient: rfc822; ok@x.test',
      'Action: delivered',
      'Status: 2.0.0',
      '',
      'Final-Recipient: rfc822; bad@x.test',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <bad@x.test>: User unknown',
      '',
      '--b',
      'Content-Type: message/rfc822',
      '',
      `Message-ID: <${P}@ar.test>`,
      'Subject: original',
      '',
      'original body',
      '--b--',
      '',
    ]);
    expect(readDeliveryReport(email, '', 'ar.test')).toMatchObject({
      source: 'dsn',
      action: 'failed',
      status: '5.1.1',
      finalRecipient: 'bad@x.test',
      reportingMta: 'mx.test',
      reason: '550 5.1.1 <bad@x.test>: User unknown',
      protocols: [P],
    });
  });

  it('reads a plain-text bounce only when it looks like one and carries a code', async () => {
    const bounce = await parse([
      'From: postmaster@mx.test',
      'Subject: failure notice',
      '',
      'Hi. <a@x.test>:',
      '550-5.1.1 The email account does not exist',
      '',
    ]);
    expect(readDeliveryReport(bounce, 'postmaster@mx.test', 'ar.test')).toMatchObject({
      source: 'text',
      action: 'failed',
      status: '5.1.1',
      reason: '550-5.1.1 The email account does not exist',
    });
    const later = await parse(['From: postmaster@mx.test', 'Subject: Delivery delayed', '', 'Still trying: 451 4.4.1 timeout', '']);
    expect(readDeliveryReport(later, '', 'ar.test')?.action).toBe('delayed');
    const chat = await parse(['From: ana@cliente.test', 'Subject: Re: contrato', '', 'Veja a cláusula 5.1.1 do contrato.', '']);
    expect(readDeliveryReport(chat, 'ana@cliente.test', 'ar.test')).toBeNull();
  });
});

describe('received body', () => {
  it('falls back to the text part, escaped', () => {
    expect(sanitizeReceivedBody(undefined, 'Olá <b>\n\nsegunda')).toBe('<p>Olá &lt;b&gt;</p><p>segunda</p>');
    expect(sanitizeReceivedBody('<img src="cid:logo"><img src="https://t.test/p.gif"><p>oi</p>', 'x')).toBe('<p>oi</p>');
  });
});
