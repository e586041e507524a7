import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { hashingStream } from '../../storage/hashing-stream.ts';
import { ArchiveRefused, type EnvelopeHeader, opener, parseHead, sealer } from './archive-cipher.ts';

/** One part of the archive, as the manifest lists it. */
export interface ArchivePart {
  nome: string;
  tamanho: number;
  sha256: string;
}

export const MANIFEST_NAME = 'manifesto.json';

/**
 * Writes an archive (archive-cipher.ts's envelope around a gzip'd tar) part by part, hashing each,
 * then the manifest last with every part's SHA-256. Written beside the target and renamed once
 * complete, so a failed backup never leaves a file that looks whole.
 */
export async function openArchiveWriter(target: string, passphrase: string | null) {
  const partial = `${target}.parcial`;
  const { head, stream: seal, trailer } = await sealer(passphrase);
  const out = createWriteStream(partial, { mode: 0o600 });
  out.write(head);
  const pack = tar.pack();
  const gzip = createGzip({ level: 6 });
  const done = pipeline(pack, gzip, seal, out as unknown as Writable, { end: false });
  // Awaited by finish(); after abort() its rejection is expected and nobody waits for it.
  done.catch(() => {});
  const parts: ArchivePart[] = [];

  const addStream = async (nome: string, size: number, source: Readable): Promise<ArchivePart> => {
    const tee = hashingStream();
    let entry!: Writable;
    const written = new Promise<void>((resolve, reject) => {
      const header = { name: nome, size, mode: 0o600, mtime: new Date() };
      entry = pack.entry(header, (err) => (err ? reject(err) : resolve())) as unknown as Writable;
    });
    try {
      await Promise.all([pipeline(source, tee.stream, entry), written]);
    } catch (error) {
      const seen = tee.result().size;
      throw seen === size ? error : new Error(`${nome}: ${seen} bytes lidos, ${size} esperados`);
    }
    const part = { nome, tamanho: size, sha256: tee.result().sha256 };
    parts.push(part);
    return part;
  };

  return {
    parts,
    addStream,
    /** A file, as it is when opened (the handle keeps it readable if it is removed meanwhile). */
    addFile: async (nome: string, file: string) => {
      const handle = await fs.open(file, 'r');
      try {
        const { size } = await handle.stat();
        return await addStream(nome, size, handle.createReadStream({ autoClose: false, start: 0, end: Math.max(0, size - 1) }));
      } finally {
        await handle.close();
      }
    },
    addBuffer: (nome: string, data: Buffer) => addStream(nome, data.length, PassThrough.from([data]) as Readable),
    /** Ends the archive with its manifest; answers the archive's size. */
    async finish(manifest: Record<string, unknown>): Promise<number> {
      const body = Buffer.from(JSON.stringify({ ...manifest, partes: parts }, null, 2));
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve())),
      );
      pack.finalize();
      await done;
      await new Promise<void>((resolve, reject) => out.end(trailer(), (err?: Error | null) => (err ? reject(err) : resolve())));
      await fs.rename(partial, target);
      return (await fs.stat(target)).size;
    },
    async abort(): Promise<void> {
      pack.destroy();
      out.destroy();
      await fs.rm(partial, { force: true });
    },
  };
}

export type ArchiveWriter = Awaited<ReturnType<typeof openArchiveWriter>>;

/**
 * Reads an archive through, entry by entry: `onEntry` gets each part's name and stream (it must
 * consume it). Each part's SHA-256 is checked against the manifest at the end, and the cipher's
 * tag (or the plain archive's hash) once the last byte is read: any failure throws ArchiveRefused.
 * Answers the manifest.
 */
export async function readArchive(
  file: string,
  passphrase: string | null,
  onEntry: (nome: string, stream: Readable) => Promise<void>,
): Promise<Manifest> {
  const handle = await fs.open(file, 'r').catch(() => {
    throw new ArchiveRefused(`Arquivo de backup não encontrado: ${file}`);
  });
  let header: EnvelopeHeader;
  let head: Buffer;
  let trailer: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const first = Buffer.alloc(Math.min(size, 4096));
    await handle.read(first, 0, first.length, 0);
    ({ header, head } = parseHead(first));
    const trailerLength = header.cifra === 'nenhuma' ? 32 : 16;
    if (size < head.length + trailerLength) throw new ArchiveRefused('O backup está truncado.');
    trailer = Buffer.alloc(trailerLength);
    await handle.read(trailer, 0, trailerLength, size - trailerLength);
  } finally {
    await handle.close();
  }
  const { stream: open, verify } = await opener(header, head, trailer, passphrase);
  const payload = createReadStream(file, { start: head.length, end: size - trailer.length - 1 });
  const extract = tar.extract();
  const hashes = new Map<string, { sha256: string; tamanho: number }>();
  let manifest: Manifest | null = null;
  const consume = (async () => {
    for await (const entry of extract) {
      const nome = entry.header.name;
      if (nome === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(c as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        continue;
      }
      const tee = hashingStream();
      const fed = pipeline(entry as unknown as Readable, tee.stream);
      await Promise.all([onEntry(nome, tee.stream), fed]);
      const { sha256, size } = tee.result();
      hashes.set(nome, { sha256, tamanho: size });
    }
  })();
  try {
    await Promise.all([pipeline(payload, open, createGunzip(), extract as unknown as Writable), consume]);
  } catch (error) {
    payload.destroy();
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(
      `O backup foi alterado ou está corrompido (${(error as Error).message}): a autenticação da cifra ou a descompressão falhou.`,
    );
  }
  verify();
  return checkManifest(manifest, hashes);
}

export interface Manifest {
  formato: string;
  versao: string;
  criadoEm: string;
  banco: 'pglite' | 'postgres';
  migracoes: string[];
  partes: ArchivePart[];
  [k: string]: unknown;
}

function checkManifest(manifest: Manifest | null, hashes: Map<string, { sha256: string; tamanho: number }>): Manifest {
  if (!manifest) throw new ArchiveRefused('O backup não tem manifesto.');
  const listed = new Set(manifest.partes.map((p) => p.nome));
  for (const p of manifest.partes) {
    const got = hashes.get(p.nome);
    if (!got) throw new ArchiveRefused(`O backup está incompleto: falta ${p.nome}.`);
    if (got.sha256 !== p.sha256 || got.tamanho !== p.tamanho)
      throw new ArchiveRefused(`O backup foi alterado: o SHA-256 de ${p.nome} não confere com o manifesto.`);
  }
  for (const nome of hashes.keys()) if (!listed.has(nome)) throw new ArchiveRefused(`O backup contém ${nome}, que o manifesto não lista.`);
  return manifest;
}
