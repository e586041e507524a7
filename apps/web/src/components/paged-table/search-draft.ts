import { useState } from 'react';
import type { TableState } from './table-state.ts';

/** Status values travel as "channel:status" inside the picker and as { channel: [status] } to the server. */
export const flattenStatus = (s: Record<string, string[]>) => Object.entries(s).flatMap(([g, vs]) => vs.map((v) => `${g}:${v}`));
export function groupStatus(values: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of values) {
    const [g, s] = v.split(':');
    if (!g || !s) continue;
    out[g] = [...(out[g] ?? []), s];
  }
  return out;
}

/**
 * What the search bar holds before it is applied: the typed term and the ticked tags and statuses.
 * `search` applies them (from the first page), `clear` empties them and searches again.
 */
export function useSearchDraft(state: TableState, onStateChange: (next: TableState) => void) {
  const [term, setTerm] = useState(state.searchTerm);
  const [tags, setTags] = useState<string[]>(state.searchTags.map(String));
  const [status, setStatus] = useState<string[]>(flattenStatus(state.searchStatus));

  const search = (next?: { term?: string; tags?: string[]; status?: string[] }) =>
    onStateChange({
      ...state,
      offset: 0,
      searchTerm: (next?.term ?? term).trim(),
      searchTags: (next?.tags ?? tags).map(Number),
      searchStatus: groupStatus(next?.status ?? status),
    });
  const clear = () => {
    setTerm('');
    setTags([]);
    setStatus([]);
    search({ term: '', tags: [], status: [] });
  };
  return { term, setTerm, tags, setTags, status, setStatus, search, clear };
}
