import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './server-flags.mjs';

describe('the node flags of a server process', () => {
  it('gives V8 one helper thread fewer than the cores, from 1 to Node’s default 4', () => {
    expect(serverNodeFlags({}, 1)).toContain('--v8-pool-size=1');
    expect(serverNodeFlags({}, 2)).toContain('--v8-pool-size=1');
    expect(serverNodeFlags({}, 4)).toContain('--v8-pool-size=3');
    expect(serverNodeFlags({}, 32)).toContain('--v8-pool-size=4');
  });

  it('holds the young generation small on the embedded database only', () => {
    expect(serverNodeFlags({}, 2)).toContain('--max-semi-space-size=4');
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://x@127.0.0.1/ar' }, 2)).toEqual(['--v8-pool-size=1']);
  });
});
