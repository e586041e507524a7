import { describe, expect, it } from 'vitest';
import { devDestination } from './DevAccessPage.tsx';

describe('/simuladores?destino=', () => {
  it('goes only to a page of the demo mode under /dev, never elsewhere', () => {
    expect(devDestination('/dev/telefone/5511987654321')).toBe('/dev/telefone/5511987654321');
    expect(devDestination('/dev/mailbox/12/raw')).toBe('/dev/mailbox/12/raw');
    for (const bad of [
      null,
      '',
      '/emails/enviados',
      '//evil.example/dev/x',
      'https://evil.example/dev/',
      '/dev/../v2/me',
      '/dev/x?y=1',
      '/devx',
    ])
      expect(devDestination(bad), String(bad)).toBe('/dev/mailbox');
  });
});
