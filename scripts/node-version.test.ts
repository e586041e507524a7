// An unsupported Node refuses to start with one line naming the version needed, instead of
// starting and failing later on every report download.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { minimumNode, unsupportedNodeMessage } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the Node.js version', () => {
  it("reads the minimum from package.json's engines", () => {
    expect(minimumNode()).toEqual([22, 12, 0]);
    expect(minimumNode('>= 20')).toEqual([20, 0, 0]);
    expect(() => minimumNode('^22')).toThrow();
  });

  it('accepts 22.12 and later, refuses anything older with the version needed', () => {
    for (const ok of ['v22.12.0', 'v22.23.5', 'v23.0.0', 'v24.1.0']) expect(unsupportedNodeMessage(ok, [22, 12, 0]), ok).toBeNull();
    for (const old of ['v20.20.2', 'v22.11.9', 'v18.19.0']) {
      const message = unsupportedNodeMessage(old, [22, 12, 0]);
      expect(message).toContain('Node.js 22.12 ou mais recente');
      expect(message).toContain(old);
      expect(message).not.toContain('\n');
    }
  });

  // /usr/bin/node is an older Node on the project's machines (Debian's 20): npm start under it.
  it.skipIf(
    !fs.existsSync('/usr/bin/node') || unsupportedNodeMessage(spawnSync('/usr/bin/node', ['--version']).stdout.toString().trim()) === null,
  )('scripts/start.mjs under an older Node exits 1 with that one line, before building or starting anything', () => {
    const run = spawnSync('/usr/bin/node', ['scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PORT: '3399' },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^O AR Online precisa do Node\.js 22\.12 ou mais recente; este é o v20\./);
  });
});
