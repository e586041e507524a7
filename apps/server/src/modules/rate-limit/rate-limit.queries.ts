import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Start of the current fixed window of `seconds`, by the database's clock (one clock for every process). */
const windowStart = (seconds: number) => sql<Date>`to_timestamp(floor(extract(epoch FROM now()) / ${seconds}) * ${seconds})`;

/** Adds `by` to the count of the current window, in one atomic upsert. */
export async function addToWindow(db: Kysely<DB>, kind: string, key: string, seconds: number, by: number): Promise<void> {
  await db
    .insertInto('limites')
    .values({ lim_tipo: kind, lim_chave: key.slice(0, 200), lim_janela: windowStart(seconds), lim_contagem: by })
    .onConflict((oc) =>
      oc
        .columns(['lim_tipo', 'lim_chave', 'lim_janela'])
        .doUpdateSet({ lim_contagem: sql<number>`limites.lim_contagem + excluded.lim_contagem` }),
    )
    .execute();
}

/** The counts of the current and the previous window, and the seconds gone of the current one. */
export async function windowCounts(db: Kysely<DB>, kind: string, key: string, seconds: number) {
  const { rows } = await sql<{ current: number; previous: number; elapsed: number }>`
    SELECT coalesce(sum(l.lim_contagem) FILTER (WHERE l.lim_janela = w.cur), 0)::int AS current,
           coalesce(sum(l.lim_contagem) FILTER (WHERE l.lim_janela < w.cur), 0)::int AS previous,
           extract(epoch FROM now() - w.cur)::float8 AS elapsed
    FROM (SELECT ${windowStart(seconds)} AS cur) w
    LEFT JOIN limites l ON l.lim_tipo = ${kind} AND l.lim_chave = ${key.slice(0, 200)}
      AND l.lim_janela >= w.cur - make_interval(secs => ${seconds})
    GROUP BY w.cur`.execute(db);
  const row = rows[0] ?? { current: 0, previous: 0, elapsed: 0 };
  return { current: Number(row.current), previous: Number(row.previous), elapsed: Number(row.elapsed) };
}

export async function clearKey(db: Kysely<DB>, kind: string, key: string): Promise<void> {
  await db.deleteFrom('limites').where('lim_tipo', '=', kind).where('lim_chave', '=', key.slice(0, 200)).execute();
}

/** Windows that no limit reads any more (the longest window is a day). */
export async function trimOldWindows(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('limites').where('lim_janela', '<', sql<Date>`now() - interval '2 days'`).execute();
}
