import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadCalls } from './thread-calls.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A thread that posts { ready: true } first, then answers { id, echo: x } after `delay` ms, or
 * { id, error } when x is negative (CommonJS or ES module alike).
 */
const ECHO = `
const { parentPort } = process.getBuiltinModule('node:worker_threads');
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, x, delay }) =>
  setTimeout(() => parentPort.postMessage(x < 0 ? { id, error: 'negativo: ' + x } : { id, echo: x }), delay ?? 0));
`;

/** Runs `body` (an ES module with ThreadCalls and a Worker of ECHO as `worker` in scope) in a node process of its own. */
function inProcess(body: string) {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { ThreadCalls } from ${JSON.stringify(path.join(here, 'thread-calls.ts'))};
    const worker = new Worker(${JSON.stringify(ECHO)}, { eval: true });
    ${body}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: here,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('calls answered by a thread (ThreadCalls)', () => {
  let worker: Worker | null = null;
  afterEach(async () => {
    await worker?.terminate();
    worker = null;
  });

  it('holds the process open while a call waits, and only then', () => {
    // With the thread unreferenced during a call, the process would end before the answer (an
    // unsettled top-level await); still referenced with no call waiting, it would never end.
    const calling = inProcess(`
      const calls = new ThreadCalls(worker, { onIdle: () => console.log('ocioso') });
      const [a, b] = await Promise.all([calls.call({ x: 7, delay: 300 }), calls.call({ x: 8, delay: 50 })]);
      console.log('respostas', a.echo, b.echo);
      // Idle in between: the next call holds the process again.
      console.log('resposta', (await calls.call({ x: 9, delay: 300 })).echo);
    `);
    expect(calling.stderr).toBe('');
    expect(calling.status).toBe(0);
    expect(calling.stdout.trim().split('\n')).toEqual(['ocioso', 'respostas 7 8', 'ocioso', 'resposta 9']);
    // A thread with no call ever made does not hold the process either.
    const idle = inProcess(`new ThreadCalls(worker, { onOther: (m) => console.log('outra', JSON.stringify(m)) });`);
    expect(idle.stderr).toBe('');
    expect(idle.status).toBe(0);
  });

  it('an error answers its own call alone; other messages go to onOther; when the thread ends, the calls still waiting fail', async () => {
    worker = new Worker(ECHO, { eval: true });
    let idle = 0;
    const others: unknown[] = [];
    const calls = new ThreadCalls<{ echo: number }>(worker, { onIdle: () => idle++, onOther: (m) => others.push(m) });
    const refused = calls.call({ x: -1 });
    const fine = calls.call({ x: 2, delay: 20 });
    await expect(refused).rejects.toThrow('negativo: -1');
    expect(await fine).toMatchObject({ echo: 2 });
    expect(calls.waiting).toBe(0);
    expect(idle).toBe(1);
    expect(others).toEqual([{ ready: true }]);

    const stranded = [calls.call({ x: 3, delay: 10_000 }), calls.call({ x: 4, delay: 10_000 })];
    expect(calls.waiting).toBe(2);
    calls.failAll(new Error('a thread parou'));
    for (const s of stranded) await expect(s).rejects.toThrow('a thread parou');
    expect(calls.waiting).toBe(0);
  });

  it('with idleMs, lets the thread go once no call has come for that long, from ready or from the last answer; a call in between stops the timer', async () => {
    worker = new Worker(ECHO, { eval: true });
    let timeouts = 0;
    const calls = new ThreadCalls<{ echo: number }>(worker, { idleMs: 300, onIdleTimeout: () => timeouts++ });
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    calls.armIdle();
    await wait(500);
    expect(timeouts).toBe(1);
    // A call answered, and another within the idle time: one timeout, from the last answer.
    expect(await calls.call({ x: 1 })).toMatchObject({ echo: 1 });
    await wait(200);
    const slow = calls.call({ x: 2, delay: 500 });
    await wait(200);
    expect(timeouts).toBe(1);
    await slow;
    await wait(200);
    expect(timeouts).toBe(1);
    await wait(300);
    expect(timeouts).toBe(2);
    // Without idleMs, never.
    const plain = new ThreadCalls<{ echo: number }>(worker, { onIdleTimeout: () => timeouts++ });
    plain.armIdle();
    await wait(100);
    expect(timeouts).toBe(2);
  });
});
