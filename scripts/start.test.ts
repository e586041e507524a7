// `npm start` stops when its process is told to: SIGTERM to the npm process or to scripts/start.mjs
// ends the server it started (the port is freed, no process of the tree is left).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-start-'));
// A stand-in interface: the server serves AR_WEB_DIST as is, and start.mjs builds nothing.
const web = path.join(temp, 'web');
fs.mkdirSync(web);
fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>AR Online</title>');
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every process below `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(what: () => Promise<boolean> | boolean, ms: number, label: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout: ${label}`);
}

async function startAndStop(command: string, args: string[]) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(temp, 'data-')),
    AR_WEB_DIST: web,
    INBOUND_SMTP_PORT: '0',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const started: ChildProcess = spawn(command, args, { cwd: root, env, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  const pid = started.pid as number;
  let tree: number[] = [];
  try {
    await until(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/v2/status-connectivity`)).ok;
        } catch {
          return false;
        }
      },
      180_000, // a loaded two-core machine takes a minute to start the product
      'the server answers',
    );
    tree = descendants(pid);
    expect(tree.length).toBeGreaterThan(0);
    process.kill(pid, 'SIGTERM');
    await exited;
    await until(async () => !(await listening(port)), 20_000, 'the port is freed');
    await until(() => tree.every((p) => !alive(p)), 20_000, 'no process of the tree is left');
  } finally {
    // What a failed stop left behind (the bug this guards against) must not outlive the test.
    for (const p of [pid, ...tree, ...descendants(pid)]) if (alive(p)) process.kill(p, 'SIGKILL');
  }
}

describe('npm start stops with its process', () => {
  it('SIGTERM to the npm start process stops the server', () => startAndStop('npm', ['start', '--silent']), 240_000);
  it('SIGTERM to scripts/start.mjs stops the server', () => startAndStop(process.execPath, ['scripts/start.mjs']), 240_000);
});
