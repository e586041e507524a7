import { MSG } from '../messages.ts';
import { z } from '../zod.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type SortOrder = 'ASC' | 'DESC';

export const paginationSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  rowCount: z.number().int(),
  pageCount: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Response contracts (checked on the way out by defineRoute's `response`, see docs/architecture.md).
 * A plain answer with the spec's Portuguese message: { message }.
 */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A paged list's answer: { [key]: rows, pagination }, the shape of every registry list. */
export function pagedResponse<K extends string, T extends z.ZodType>(key: K, row: T) {
  return z.object({ [key]: z.array(row), pagination: paginationSchema } as { [P in K]: z.ZodArray<T> } & {
    pagination: typeof paginationSchema;
  });
}

export interface ListQueryOptions<C extends string> {
  columns: readonly [C, ...C[]];
  defaultColumn: C;
  defaultOrder: SortOrder;
  defaultLimit: number;
  /** Picker lists load up to 10,000 items (spec 001 §7). */
  maxLimit?: number;
}

/**
 * The query of every paged list: limit, offset, column (checked against an allow-list),
 * order and searchTerm. Values arrive as strings in a query string, so they are coerced.
 */
export function listQuerySchema<C extends string>(opts: ListQueryOptions<C>) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(opts.maxLimit ?? 10000)
      .default(opts.defaultLimit),
    offset: z.coerce.number().min(0).max(INT4_MAX, MSG.numberOutOfRange).int().default(0),
    column: z.enum(opts.columns as [C, ...C[]], { error: 'Coluna de ordenação inválida.' }).default(opts.defaultColumn),
    order: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['ASC', 'DESC'], { error: 'Ordem inválida: use ASC ou DESC.' }))
      .default(opts.defaultOrder),
    searchTerm: z
      .string()
      .max(200, 'O termo de pesquisa deve ter no máximo 200 caracteres.')
      .transform((s) => s.trim())
      .optional(),
  });
}

export type ListQuery<C extends string = string> = {
  limit: number;
  offset: number;
  column: C;
  order: SortOrder;
  searchTerm?: string;
};

export interface ListResponse<T> {
  pagination: Pagination;
  rows: T[];
}

export function paginationOf(offset: number, limit: number, rowCount: number): Pagination {
  return { offset, limit, rowCount, pageCount: Math.max(1, Math.ceil(rowCount / limit)) };
}

/** PostgreSQL's integer (int4): every id (serial) and numeric filter of the schema fits it. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * An integer that fits an int4 column, from JSON or a query string. Beyond the range the database
 * would answer 'out of range' (a 500); here it is a 400 with a Portuguese message (the range is
 * checked before .int(), whose own message speaks of JavaScript's safe integers).
 */
export const int4 = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .min(INT4_MIN, message ?? MSG.numberOutOfRange)
    .max(INT4_MAX, message ?? MSG.numberOutOfRange)
    .int(message);

/** A row id (int4 serial): a positive integer up to 2,147,483,647. */
export const dbId = (message?: string) => int4(message).positive(message);

/** Positive integer path id; anything else is a 404, not a 500. */
export const idParam = z.object({ id: dbId() });
