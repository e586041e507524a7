import { bounceAddress, replyAddress } from '../modules/inbound/addresses.ts';

/**
 * The mail the demo history's recipients' side sends back (seed/history.ts): their servers' delivery
 * reports and bounces, and their answers, as the inbound SMTP server receives them.
 */

/** The recipient's mail server: mx. and their address's domain. */
export const mxOf = (email: string) => `mx.${email.split('@')[1]}`;

const rfcDate = (d = new Date()) => d.toUTCString().replace('GMT', '+0000');

/** The recipient's server's delivery status notification (RFC 3464), to the message's bounce address. */
export function deliveryReport(m: { id: string; email: string; subject: string }, domain: string, action: 'delivered' | 'failed') {
  const failed = action === 'failed';
  const mx = mxOf(m.email);
  return [
    `From: Mail Delivery System <MAILER-DAEMON@${mx}>`,
    `To: ${bounceAddress(m.id, domain)}`,
    `Subject: ${failed ? 'Undelivered Mail Returned to Sender' : 'Successful Mail Delivery Report'}`,
    `Date: ${rfcDate()}`,
    `Message-ID: <dsn-${m.id}@${mx}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="rep"',
    '',
    '--rep',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    failed ? 'Your message could not be delivered.' : 'Your message was delivered.',
    '--rep',
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${mx}`,
    '',
    `Final-Recipient: rfc822; ${m.email}`,
    `Action: ${action}`,
    `Status: ${failed ? '5.1.1' : '2.0.0'}`,
    `Remote-MTA: dns; mailbox.${m.email.split('@')[1]}`,
    ...(failed ? [`Diagnostic-Code: smtp; 550 5.1.1 <${m.email}>: Recipient address rejected: User unknown`] : []),
    '',
    '--rep',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: <${m.id}@${domain}>`,
    `X-AR-Protocolo: ${m.id}`,
    '',
    '--rep--',
    '',
  ].join('\r\n');
}

/** The recipient's answer (`text`), from their mail program, to the message's reply address. */
export function replyOf(m: { id: string; email: string; name: string; subject: string }, text: string, domain: string) {
  return [
    `From: "${m.name}" <${m.email}>`,
    `To: ${replyAddress(m.id, domain)}`,
    `Subject: =?UTF-8?B?${Buffer.from(`Re: ${m.subject}`).toString('base64')}?=`,
    `Date: ${rfcDate()}`,
    `Message-ID: <resposta-${m.id}@${m.email.split('@')[1]}>`,
    `In-Reply-To: <${m.id}@${domain}>`,
    `References: <${m.id}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(text).toString('base64'),
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`<p>${text}</p><p>${m.name}</p>`).toString('base64'),
    '--alt--',
    '',
  ].join('\r\n');
}
