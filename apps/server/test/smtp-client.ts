import { spawn } from 'node:child_process';

/**
 * Test helper: delivers a message with a real SMTP client that is not the product's code —
 * python3's smtplib — and answers every reply of the conversation, so a test sees exactly what a
 * remote mail server would see (code and text of the greeting, MAIL, each RCPT and DATA).
 */
export interface SmtpConversation {
  /** Set when the greeting was a refusal (e.g. 421). */
  connect?: [number, string];
  ehlo?: [number, string];
  /** The SIZE the server advertises, as a string, or null. */
  size?: string | null;
  mail?: [number, string];
  rcpt?: [number, string][];
  data?: [number, string];
}

const SCRIPT = `
import base64, json, smtplib, sys
spec = json.load(sys.stdin)
out = {}
def r(x):
    return [x[0], x[1].decode('utf-8', 'replace') if isinstance(x[1], bytes) else str(x[1])]
try:
    s = smtplib.SMTP(spec['host'], spec['port'], timeout=30)
except smtplib.SMTPConnectError as e:
    out['connect'] = [e.smtp_code, e.smtp_error.decode('utf-8', 'replace') if isinstance(e.smtp_error, bytes) else str(e.smtp_error)]
    print(json.dumps(out))
    sys.exit(0)
out['ehlo'] = r(s.ehlo())
out['size'] = s.esmtp_features.get('size')
raw = base64.b64decode(spec['data'])
opts = ['SIZE=%d' % len(raw)] if spec.get('declareSize') else []
out['mail'] = r(s.mail(spec['from'], opts))
if out['mail'][0] == 250:
    out['rcpt'] = [r(s.rcpt(a)) for a in spec['rcpt']]
    if any(c == 250 for c, _ in out['rcpt']):
        try:
            out['data'] = r(s.data(raw))
        except smtplib.SMTPDataError as e:
            out['data'] = [e.smtp_code, e.smtp_error.decode('utf-8', 'replace') if isinstance(e.smtp_error, bytes) else str(e.smtp_error)]
try:
    s.quit()
except Exception:
    pass
print(json.dumps(out))
`;

export function deliverSmtp(spec: {
  port: number;
  host?: string;
  from: string;
  rcpt: string[];
  data: string | Buffer;
  /** Announce the size in MAIL FROM (RFC 1870), as real servers do when SIZE is advertised. */
  declareSize?: boolean;
}): Promise<SmtpConversation> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`smtp client exited ${code}: ${stderr}`));
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`smtp client said: ${stdout} ${stderr}`));
      }
    });
    const data = Buffer.isBuffer(spec.data) ? spec.data : Buffer.from(spec.data.replace(/\r?\n/g, '\r\n'));
    child.stdin.end(
      JSON.stringify({
        host: spec.host ?? '127.0.0.1',
        port: spec.port,
        from: spec.from,
        rcpt: spec.rcpt,
        data: data.toString('base64'),
        declareSize: spec.declareSize ?? false,
      }),
    );
  });
}
