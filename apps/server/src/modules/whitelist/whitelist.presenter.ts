import type { WhitelistEntry } from '@ar/core';
import type { WhitelistRow } from './whitelist.queries.ts';

export const presentWhitelistEntry = (r: WhitelistRow): WhitelistEntry => ({ whi_codigo: r.whi_codigo, whi_email: r.whi_email });
