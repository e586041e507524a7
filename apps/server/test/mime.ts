/**
 * A reply as a mail client sends it: from ana@cliente.test, a text part ('Segue o comprovante.')
 * and a PDF attached as comprovante.pdf. `headers` go after the Subject (Date, Message-ID…).
 */
export function replyWithPdf(opts: { to: string; subject: string; pdf: Buffer; headers?: string[]; newline?: '\n' | '\r\n' }): string {
  return [
    'From: Ana Cliente <ana@cliente.test>',
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    ...(opts.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mix"',
    '',
    '--mix',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Segue o comprovante.',
    '--mix',
    'Content-Type: application/pdf; name="comprovante.pdf"',
    'Content-Disposition: attachment; filename="comprovante.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    opts.pdf.toString('base64'),
    '--mix--',
    '',
  ].join(opts.newline ?? '\n');
}
