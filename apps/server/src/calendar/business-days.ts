import { createRequire } from 'node:module';
import { brasiliaDayEnd, brasiliaDayStart, brasiliaIsoDay } from '@ar/core';
import type Holidays from 'date-holidays';

/**
 * Business days in Brazil (docs/business-days.md): what the channel cascade counts when
 * a step waits "N business days" (CPC art. 246 §1º-A, Lei 14.195/2021: three business days to
 * confirm an electronic citation). Days are Brasília days (America/Sao_Paulo).
 *
 * Not a business day: Saturdays, Sundays, and the days the `date-holidays` library lists for
 * Brazil (national, no state) as
 * - 'public': the national holidays of Lei 662/1949 (with Lei 10.607/2002: 1/1, 21/4, 1/5, 7/9,
 *   2/11, 15/11, 25/12), 12 de outubro (Lei 6.802/1980), 20 de novembro from 2024 (Lei
 *   14.759/2023), and Sexta-feira Santa (a religious holiday by Lei 9.093/1995, kept everywhere);
 * - 'bank': Carnaval's Monday and Tuesday and Corpus Christi, which no federal law makes holidays
 *   (ponto facultativo for the federal administration, holidays in most cities and courts; the
 *   federal courts close on Carnaval by Lei 5.010/1966 art. 62). The product counts them as not
 *   business days so a deadline is never shorter than the recipient's.
 * Not counted: 'optional' (Ash Wednesday until 14h, the afternoons of 24 and 31 December) and
 * 'observance' days; state and municipal holidays (the recipient's city is not known to the rule).
 */
const COUNTED = new Set(['public', 'bank']);
/** The library's names, as Brazil says them. */
const NAMES: Record<string, string> = { 'Corpo de Deus': 'Corpus Christi' };

/**
 * The library (with its rules for every country, astronomy and time zones: ~4 MB of source) is
 * loaded by the first question about a day, not at every start (docs/performance.md); its CommonJS
 * build, so that the question stays synchronous. Same rules as its ES module build.
 */
let calendar: Holidays | null = null;
function brazil(): Holidays {
  if (!calendar) {
    const Library = createRequire(import.meta.url)('date-holidays') as typeof Holidays;
    calendar = new Library('BR', { languages: ['pt'], timezone: 'America/Sao_Paulo' });
  }
  return calendar;
}
const byYear = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Map();
    for (const h of brazil().getHolidays(year)) {
      const day = h.date.slice(0, 10);
      if (COUNTED.has(h.type) && !days.has(day)) days.set(day, NAMES[h.name] ?? h.name);
    }
    byYear.set(year, days);
  }
  return days;
}

const DAY_MS = 86_400_000;
const toUtcNoon = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);
const shift = (day: string, by: number) => new Date(toUtcNoon(day) + by * DAY_MS).toISOString().slice(0, 10);

/** Why a Brasília day ('yyyy-MM-dd') is not a business day: 'sábado', 'domingo' or the holiday's name; null when it is one. */
export function nonBusinessReason(day: string): string | null {
  const weekday = new Date(toUtcNoon(day)).getUTCDay();
  if (weekday === 6) return 'sábado';
  if (weekday === 0) return 'domingo';
  return holidaysOf(Number(day.slice(0, 4))).get(day) ?? null;
}

/** Whether a Brasília day ('yyyy-MM-dd') or the day an instant falls on in Brasília is a business day. */
export function isBusinessDay(day: string | Date): boolean {
  return nonBusinessReason(typeof day === 'string' ? day : brasiliaIsoDay(day)) === null;
}

/**
 * The instant `n` business days after `from` (before it, for a negative `n`), at the same Brasília
 * time of day: the days are counted as a deadline is (CPC art. 224), leaving out the day of `from`
 * and counting each business day after it. `n` = 0 answers `from`.
 */
export function addBusinessDays(from: Date, n: number): Date {
  if (!Number.isInteger(n)) throw new RangeError(`business days are whole: ${n}`);
  const start = brasiliaIsoDay(from);
  const step = n < 0 ? -1 : 1;
  let day = start;
  for (let left = Math.abs(n); left > 0; ) {
    day = shift(day, step);
    if (nonBusinessReason(day) === null) left--;
  }
  return new Date(brasiliaDayStart(day).getTime() + (from.getTime() - brasiliaDayStart(start).getTime()));
}

/** The end (23:59:59.999, Brasília) of the `n`-th business day after `from`: when a deadline of n business days runs out. */
export function businessDeadline(from: Date, n: number): Date {
  return brasiliaDayEnd(brasiliaIsoDay(addBusinessDays(from, n)));
}

/**
 * How many business days there are after the Brasília day of `from` up to and including the day of
 * `to` (negative when `to` comes first): businessDaysBetween(d, addBusinessDays(d, n)) is n.
 */
export function businessDaysBetween(from: Date, to: Date): number {
  if (to.getTime() < from.getTime()) return -businessDaysBetween(to, from);
  const last = brasiliaIsoDay(to);
  let count = 0;
  for (let day = shift(brasiliaIsoDay(from), 1); day <= last; day = shift(day, 1)) if (nonBusinessReason(day) === null) count++;
  return count;
}
