import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * The local-only channel through which `npm run backup` asks a running server for the embedded
 * database's snapshot (PGlite lives inside the server's process: no other process may open its
 * folder while it runs). A Unix socket in DATA_DIR/run, mode 0600 in a 0700 folder: only the OS
 * user that runs the server (and root) can connect; nothing listens on the network. One request:
 * POST /instantaneo with {"arquivo": "<path>"}; the server writes its dump there and answers the
 * migrations applied.
 */

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'controle.sock');

export interface SnapshotAnswer {
  migracoes: string[];
}

export async function startControlSocket(
  dataDir: string,
  snapshot: (file: string) => Promise<SnapshotAnswer>,
  log: { warn(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  await fs.mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await fs.chmod(path.dirname(socket), 0o700);
  // A socket left by a server that died is only a file: it is replaced.
  await fs.rm(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/instantaneo') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const { arquivo } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { arquivo?: unknown };
        if (typeof arquivo !== 'string' || !path.isAbsolute(arquivo)) throw new Error('arquivo: caminho absoluto obrigatório');
        const answer = await snapshot(arquivo);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } catch (error) {
        log.warn({ err: error }, 'instantâneo do banco para o backup falhou');
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await fs.chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socket, { force: true });
  };
}

/**
 * Asks the server running on this DATA_DIR for a snapshot into `file`. Answers null when no server
 * listens there (the folder is stopped: the command opens it itself).
 */
export async function requestSnapshot(dataDir: string, file: string): Promise<SnapshotAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method: 'POST', path: '/instantaneo', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
          if (res.statusCode === 200) resolve(body as SnapshotAnswer);
          else reject(new Error(`o servidor em execução não gerou o instantâneo do banco: ${body.erro ?? res.statusCode}`));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    req.end(JSON.stringify({ arquivo: file }));
  });
}

/** Whether a server listens on this DATA_DIR's control socket (it holds the embedded database). */
export function serverRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath: controlSocketPath(dataDir), method: 'GET', path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}
