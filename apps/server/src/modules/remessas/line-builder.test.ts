import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../emails/send-values.ts';
import { type LineBuilder, ThreadBuilds } from './line-builder.ts';
import type { LineTemplate } from './remessa-rows.ts';

/** A builder standing in for the thread: it records the lines asked for and answers each with a message. */
function fakeBuilder() {
  const asked: number[][] = [];
  const builder = {
    build(req: { lines: { lin_numero: number }[] }) {
      asked.push(req.lines.map((l) => l.lin_numero));
      return Promise.resolve(new Map(req.lines.map((l) => [l.lin_numero, { subject: `m${l.lin_numero}` } as unknown as OutgoingMessage])));
    },
  } as unknown as LineBuilder;
  return { builder, asked };
}

const template = {} as LineTemplate;
const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ lin_numero: i + 1, cells: [`c${i + 1}`], template }));
const common = { header: ['EMAIL_DESTINATARIO'], customFields: [], publicUrl: 'http://localhost:3000' };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the lines handed to the line builder thread', () => {
  it('are sent a chunk at a time, never more than the window ahead of the slices that take them', async () => {
    const { builder, asked } = fakeBuilder();
    const builds = new ThreadBuilds(builder, common, 300);
    builds.submit(lines(1_000));
    // 3 chunks of 100: the window, and no more, before any slice took a line.
    expect(asked.flat()).toEqual(range(1, 300));

    await builds.ahead(200);
    const first = await builds.take(range(1, 200));
    expect([...first.keys()]).toEqual(range(1, 200));
    expect(first.get(7)?.message).toEqual({ subject: 'm7' });
    // Two chunks taken, two more sent.
    expect(asked.flat()).toEqual(range(1, 500));

    // A slice bigger than the window gets all its lines.
    await builds.ahead(600);
    const second = await builds.take(range(201, 800));
    expect(second.size).toBe(600);
    await builds.ahead(200);
    expect((await builds.take(range(801, 1_000))).size).toBe(200);
    expect(asked.flat()).toEqual(range(1, 1_000));
  });

  it('leaves its lines to their slices when the thread is not ready', async () => {
    const builder = { build: () => null } as unknown as LineBuilder;
    const builds = new ThreadBuilds(builder, common, 300);
    builds.submit(lines(250));
    await builds.ahead(250);
    expect((await builds.take(range(1, 250))).size).toBe(0);
  });
});
