import { dataUrlBytes } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { dataUrlBuffer } from './data-url.ts';

describe('dataUrlBuffer', () => {
  it('reads what core reads, and refuses what core refuses', async () => {
    const cases = [
      'data:text/csv;base64,YTtiCg==',
      'data:text/csv;charset=utf-8;base64,YTtiCg==',
      'data:;base64,YQ==',
      'YTtiCg==',
      'YTti\nCg==',
      '',
      'not base64 at all!',
      'data:text/csv;base64,YTt*Cg==',
      'data:text/csv;base64,YTtiC',
      'data:text/csv,a;b',
      'data:text/csv;base64,YTtiCg===',
      'data:text/csv;base64,YT-iCg==',
      'YQ==YQ==',
      'Y===',
      'YTtiCg',
      'YTtiC==',
    ];
    for (const value of cases) {
      const core = dataUrlBytes(value);
      const ours = await dataUrlBuffer(value);
      expect(ours === null ? null : { type: ours.type, bytes: [...ours.bytes] }, value).toEqual(
        core === null ? null : { type: core.type, bytes: [...core.bytes] },
      );
    }
  });

  it('decodes a 5 MB file byte for byte, a piece at a time; a bad character far in the text refuses it', async () => {
    const bytes = Buffer.from(Array.from({ length: 5 * 1024 * 1024 }, (_, i) => (i * 7919) % 256));
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    const text = bytes.toString('base64');
    const read = await dataUrlBuffer(`data:text/csv;base64,${text}`, pause);
    expect(read?.type).toBe('text/csv');
    expect(read?.bytes.equals(bytes)).toBe(true);
    // ~7 MB of text in pieces of 512 Ki characters: the event loop was given back between them.
    expect(pauses).toBe(Math.ceil(text.length / (512 * 1024)) - 1);
    const broken = `${text.slice(0, 6_000_000)}*${text.slice(6_000_001)}`;
    expect(await dataUrlBuffer(`data:text/csv;base64,${broken}`, pause)).toBeNull();
    expect(await dataUrlBuffer(`data:text/csv;base64,${text.slice(0, 4_000_000)}=${text.slice(4_000_001)}`, pause)).toBeNull();
  });
});
