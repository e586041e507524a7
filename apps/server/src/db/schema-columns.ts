import type { ColumnType } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or ISO text (its default when omitted). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read as T, written as T or JSON text. */
export type Json<T> = ColumnType<T, string | T | undefined, string | T>;
