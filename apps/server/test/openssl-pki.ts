import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OpensslA1 {
  /** The PKCS#12 (OpenSSL 3's default: AES-256-CBC, PBKDF2, SHA-256 MAC) with the leaf, its key and the CA. */
  p12: string;
  password: string;
  caPem: string;
  leafPem: string;
  /** A CRL of the CA (`openssl ca -gencrl`), DER; `revoke` lists the leaf as revoked first. */
  crl(opts?: { revoke?: boolean }): Promise<Buffer>;
}

/**
 * A CA and an A1-like leaf made by OpenSSL 3 in `dir/name`, as an ICP-Brasil A1 is delivered: the
 * leaf with `keyUsage` (e.g. "digitalSignature,nonRepudiation"), optionally a CRL distribution
 * point and an OCSP responder address (authorityInfoAccess).
 */
export async function opensslA1(
  dir: string,
  name: string,
  opts: { keyUsage: string; crlUrl?: string; ocspUrl?: string; password?: string },
): Promise<OpensslA1> {
  const d = path.join(dir, name);
  await fs.mkdir(d, { recursive: true });
  const f = (n: string) => path.join(d, n);
  const password = opts.password ?? 'senha-A1';
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '30'],
    ...['-subj', '/C=BR/O=ICP-Brasil teste/CN=AC Teste', '-addext', 'basicConstraints=critical,CA:true'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-addext', 'subjectKeyIdentifier=hash'],
  ]);
  await run('openssl', [
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('leaf.key'), '-out', f('leaf.csr')],
    ...['-subj', '/C=BR/O=ICP-Brasil teste/CN=EMPRESA TESTE LTDA:12345678000195'],
  ]);
  const ext = [
    'basicConstraints=CA:FALSE',
    `keyUsage=critical,${opts.keyUsage}`,
    'authorityKeyIdentifier=keyid',
    ...(opts.crlUrl ? [`crlDistributionPoints=URI:${opts.crlUrl}`] : []),
    ...(opts.ocspUrl ? [`authorityInfoAccess=OCSP;URI:${opts.ocspUrl}`] : []),
  ];
  await fs.writeFile(f('ext'), `${ext.join('\n')}\n`);
  await run('openssl', [
    ...['x509', '-req', '-in', f('leaf.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial'],
    ...['-out', f('leaf.pem'), '-days', '30', '-extfile', f('ext')],
  ]);
  await run('openssl', [
    ...['pkcs12', '-export', '-inkey', f('leaf.key'), '-in', f('leaf.pem'), '-certfile', f('ca.pem')],
    ...['-out', f('a1.p12'), '-passout', `pass:${password}`],
  ]);
  // `openssl ca`'s own files, for its CRLs.
  await fs.writeFile(f('index.txt'), '');
  await fs.writeFile(f('crlnumber'), '1000\n');
  await fs.writeFile(
    f('ca.cnf'),
    `[ca]\ndefault_ca = ac\n[ac]\ndatabase = ${f('index.txt')}\ncrlnumber = ${f('crlnumber')}\ndefault_md = sha256\ndefault_crl_days = 7\n`,
  );
  const crl = async (o: { revoke?: boolean } = {}) => {
    if (o.revoke) {
      await run('openssl', ['ca', '-config', f('ca.cnf'), '-keyfile', f('ca.key'), '-cert', f('ca.pem'), '-revoke', f('leaf.pem')]);
    }
    await run('openssl', ['ca', '-gencrl', '-config', f('ca.cnf'), '-keyfile', f('ca.key'), '-cert', f('ca.pem'), '-out', f('crl.pem')]);
    await run('openssl', ['crl', '-in', f('crl.pem'), '-outform', 'DER', '-out', f('crl.der')]);
    return fs.readFile(f('crl.der'));
  };
  return {
    p12: f('a1.p12'),
    password,
    caPem: await fs.readFile(f('ca.pem'), 'utf8'),
    leafPem: await fs.readFile(f('leaf.pem'), 'utf8'),
    crl,
  };
}
