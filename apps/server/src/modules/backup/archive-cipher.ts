import { createCipheriv, createDecipheriv, createHash, createHmac, type Hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * The backup archive's envelope (docs/backups.md): a first line naming the format, a second line of
 * JSON with how the rest is protected, then the payload (a gzip'd tar) and a 16- or 32-byte trailer.
 *
 * - Encrypted: AES-256-GCM, key derived from BACKUP_PASSPHRASE by scrypt (N=2^17, r=8, p=1); the two
 *   header lines are the cipher's additional data, so a changed header fails like a changed byte
 *   of the payload. The trailer is the GCM tag (16 bytes). The header also holds an HMAC of a fixed
 *   text under a second derived key: a wrong passphrase is told apart from a damaged archive before
 *   a byte is decrypted.
 * - Unencrypted (`--no-encryption`): the trailer is the SHA-256 of the header lines and the payload.
 */

export const MAGIC = 'AR-ONLINE-BACKUP-1\n';

export interface EnvelopeHeader {
  cifra: 'aes-256-gcm' | 'nenhuma';
  kdf?: { nome: 'scrypt'; N: number; r: number; p: number; sal: string };
  iv?: string;
  verificador?: string;
}

const SCRYPT = { N: 2 ** 17, r: 8, p: 1 };
const CHECK_TEXT = 'AR Online: senha do backup';

export class ArchiveRefused extends Error {}

/** A pass-through that hashes what goes through it. */
const hashing = (hash: Hash) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

async function deriveKeys(passphrase: string, kdf: NonNullable<EnvelopeHeader['kdf']>): Promise<{ key: Buffer; check: Buffer }> {
  const bytes = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.sal, 'base64'),
      64,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return { key: bytes.subarray(0, 32), check: bytes.subarray(32) };
}

const verifier = (check: Buffer) => createHmac('sha256', check).update(CHECK_TEXT).digest('base64');

/** The header bytes and the stream that protects the payload, for an archive being written. */
export async function sealer(passphrase: string | null): Promise<{ head: Buffer; stream: Transform; trailer(): Buffer }> {
  if (passphrase === null) {
    const head = Buffer.from(`${MAGIC}${JSON.stringify({ cifra: 'nenhuma' } satisfies EnvelopeHeader)}\n`);
    const hash = createHash('sha256').update(head);
    return { head, stream: hashing(hash), trailer: () => hash.digest() };
  }
  const kdf = { nome: 'scrypt' as const, ...SCRYPT, sal: randomBytes(16).toString('base64') };
  const { key, check } = await deriveKeys(passphrase, kdf);
  const iv = randomBytes(12);
  const header: EnvelopeHeader = { cifra: 'aes-256-gcm', kdf, iv: iv.toString('base64'), verificador: verifier(check) };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  return { head, stream: cipher, trailer: () => cipher.getAuthTag() };
}

/** Reads the two header lines from the archive's first bytes; answers the header and where the payload starts. */
export function parseHead(first: Buffer): { header: EnvelopeHeader; head: Buffer } {
  if (!first.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)))
    throw new ArchiveRefused('O arquivo não é um backup do AR Online (cabeçalho não reconhecido).');
  const end = first.indexOf(0x0a, MAGIC.length);
  if (end < 0) throw new ArchiveRefused('O cabeçalho do backup está incompleto ou foi alterado.');
  let header: EnvelopeHeader;
  try {
    header = JSON.parse(first.subarray(MAGIC.length, end).toString('utf8'));
  } catch {
    throw new ArchiveRefused('O cabeçalho do backup foi alterado (não é JSON válido).');
  }
  if (header.cifra !== 'aes-256-gcm' && header.cifra !== 'nenhuma') throw new ArchiveRefused('O backup usa uma cifra desconhecida.');
  return { header, head: first.subarray(0, end + 1) };
}

/**
 * The stream that turns the payload back into the gzip'd tar, and the check to run once all of it
 * went through (throws ArchiveRefused when the tag or the hash does not match).
 */
export async function opener(
  header: EnvelopeHeader,
  head: Buffer,
  trailer: Buffer,
  passphrase: string | null,
): Promise<{ stream: Transform; verify(): void }> {
  if (header.cifra === 'nenhuma') {
    const hash = createHash('sha256').update(head);
    return {
      stream: hashing(hash),
      verify() {
        if (!hash.digest().equals(trailer)) throw new ArchiveRefused('O backup foi alterado: o SHA-256 do arquivo não confere.');
      },
    };
  }
  if (!passphrase) throw new ArchiveRefused('Este backup é cifrado: defina BACKUP_PASSPHRASE com a senha usada ao criá-lo.');
  if (!header.kdf || !header.iv || !header.verificador || header.kdf.nome !== 'scrypt' || header.kdf.N > 2 ** 20)
    throw new ArchiveRefused('O cabeçalho do backup foi alterado (parâmetros da cifra inválidos).');
  const { key, check } = await deriveKeys(passphrase, header.kdf);
  const expected = Buffer.from(verifier(check), 'base64');
  const given = Buffer.from(header.verificador, 'base64');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new ArchiveRefused('Senha do backup incorreta: BACKUP_PASSPHRASE não é a senha com que este backup foi criado.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
  decipher.setAAD(head);
  decipher.setAuthTag(trailer);
  // final() runs when the stream ends: a wrong tag is an error of the stream itself.
  return { stream: decipher, verify() {} };
}
