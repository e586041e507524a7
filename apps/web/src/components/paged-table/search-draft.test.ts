import { describe, expect, it } from 'vitest';
import { flattenStatus, groupStatus } from './search-draft.ts';

describe('status filter values', () => {
  it('flattens { channel: [status] } to "channel:status"', () => {
    expect(flattenStatus({ email: ['read', 'sent'], sms: [] })).toEqual(['email:read', 'email:sent']);
  });
  it('groups "channel:status" back by channel, dropping malformed values', () => {
    expect(groupStatus(['email:read', 'sms:sent', 'email:sent', 'broken'])).toEqual({ email: ['read', 'sent'], sms: ['sent'] });
  });
});
