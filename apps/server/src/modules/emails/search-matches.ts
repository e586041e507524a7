/**
 * The ids a sent-list search matched, in page order, kept per user and search while the user's
 * set of messages is unchanged (docs/sent-list.md).
 *
 * A search term is a substring match, which the trigram index answers only approximately: every
 * candidate row is read and rechecked, 10,000 rows for a term that matches 1% of a million. The
 * contract's exact rowCount needs all of them, so each page of the same search (page 2, 3…, the
 * same search from another tab) used to read them all again. Here the first page of a search
 * reads the ordered ids once; later pages read only their 25 rows, and confirm in the same query
 * that the user's version (emails_contagem.versao, bumped by every statement that adds or removes
 * one of the user's messages: migration 0011) has not moved. A version that moved drops the entry.
 * Correct across processes: the version lives in the database, the ids in each process.
 */

/** A search that matches more rows than this is not kept (it is read the way it always was). */
export const MAX_KEPT_MATCHES = 100_000;
/** At most this many ids in all (4 bytes each), and this many searches. */
const MAX_TOTAL_IDS = 2_000_000;
const MAX_ENTRIES = 500;

export interface KeptMatches {
  /** emails_contagem.versao when the ids were read, in the same statement. */
  version: string;
  ids: Int32Array;
}

export class SearchMatches {
  private readonly entries = new Map<string, KeptMatches>();
  private readonly loading = new Map<string, Promise<KeptMatches | null>>();
  private totalIds = 0;

  constructor(
    private readonly maxTotalIds = MAX_TOTAL_IDS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(key: string): KeptMatches | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: the oldest goes first when room is needed.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  drop(key: string, stale?: KeptMatches): void {
    const entry = this.entries.get(key);
    if (!entry || (stale && entry !== stale)) return;
    this.entries.delete(key);
    this.totalIds -= entry.ids.length;
  }

  /**
   * The kept entry, or the one `read` answers, read once however many requests ask for the same
   * search at the same time. `read` answers null for a search too large to keep.
   */
  async load(key: string, read: () => Promise<KeptMatches | null>): Promise<KeptMatches | null> {
    const kept = this.get(key);
    if (kept) return kept;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = read()
        .then((entry) => {
          if (entry) this.put(key, entry);
          return entry;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private put(key: string, entry: KeptMatches): void {
    if (entry.ids.length > this.maxTotalIds) return;
    this.drop(key);
    this.entries.set(key, entry);
    this.totalIds += entry.ids.length;
    for (const [oldest, old] of this.entries) {
      if (this.totalIds <= this.maxTotalIds && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
      this.totalIds -= old.ids.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const perDatabase = new WeakMap<object, SearchMatches>();

/** The kept searches of one database (the key is its Kysely instance: one per installation). */
export function searchMatchesOf(db: object): SearchMatches {
  let matches = perDatabase.get(db);
  if (!matches) {
    matches = new SearchMatches();
    perDatabase.set(db, matches);
  }
  return matches;
}
