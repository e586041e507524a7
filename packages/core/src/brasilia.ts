/**
 * Dates as the product shows them (spec 002 §1): Brasília time, dd/MM/yyyy HH:mm. One place for
 * the screens, the public pages and the documents (proofs, expert report).
 */
export const BRASILIA_TZ = 'America/Sao_Paulo';

const format = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('pt-BR', { timeZone: BRASILIA_TZ, hourCycle: 'h23', ...opts });
const DATE = format({ day: '2-digit', month: '2-digit', year: 'numeric' });
const TIME = format({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
const DATE_TIME = format({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DATE_TIME_SECONDS = format({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type When = Date | string | number;

/** dd/MM/yyyy */
export const brasiliaDate = (d: When) => DATE.format(new Date(d));
/** HH:mm:ss */
export const brasiliaTime = (d: When) => TIME.format(new Date(d));
/** dd/MM/yyyy HH:mm, or with seconds (the documents, where the second matters). */
export const brasiliaDateTime = (d: When, opts: { seconds?: boolean } = {}) =>
  (opts.seconds ? DATE_TIME_SECONDS : DATE_TIME).format(new Date(d)).replace(',', '');

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: BRASILIA_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyy-MM-dd of the Brasília day `d` falls on (today by default): the dashboard's days. */
export const brasiliaIsoDay = (d: When = new Date()) => ISO_DAY.format(new Date(d));
const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: BRASILIA_TZ, timeZoneName: 'longOffset' });
const HOUR = 3_600_000;
/** Offsets by UTC hour: an offset changes only on the hour, and Intl costs ~30 µs a call (reports format millions of dates). */
const offsets = new Map<number, number>();

/** Minutes Brasília time is ahead of UTC at an instant (-180 since 2019; -120 in the old summer time). */
function brasiliaOffsetMinutes(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR);
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  const name = OFFSET.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-03:00';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(hour, minutes);
  return minutes;
}

/** The instant a Brasília wall-clock time of a day ('yyyy-MM-dd') happens. */
function brasiliaInstant(ymd: string, h: number, min: number, s: number, ms: number): Date {
  const [y, mo, d] = ymd.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, min, s, ms);
  // The offset at the wall time read as UTC is right but at the hour of a change of offset.
  const offset = brasiliaOffsetMinutes(new Date(wall - brasiliaOffsetMinutes(new Date(wall)) * 60_000));
  return new Date(wall - offset * 60_000);
}

/** 00:00:00 of a day in Brasília (the start of a report's or a proof's period). */
export const brasiliaDayStart = (ymd: string) => brasiliaInstant(ymd, 0, 0, 0, 0);
/** 23:59:59.999 of a day in Brasília (the end of a period). */
export const brasiliaDayEnd = (ymd: string) => brasiliaInstant(ymd, 23, 59, 59, 999);

/**
 * The same wall-clock time as a Date whose UTC fields are Brasília's: what a spreadsheet cell
 * holds (a date cell has no time zone; Excel shows the fields as they are).
 */
export const brasiliaWallClock = (d: Date) => new Date(brasiliaWallClockTime(d));
/** brasiliaWallClock's milliseconds, without the Date (a report's xlsx turns them into Excel's serial number). */
export const brasiliaWallClockTime = (d: Date) => d.getTime() + brasiliaOffsetMinutes(d) * 60_000;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/**
 * dd/MM/yyyy HH:mm:ss in Brasília, as brasiliaDateTime(d, { seconds: true }) writes it, without
 * Intl on every call: what a report of 200,000 messages writes about a million times.
 */
export function brasiliaStamp(d: Date): string {
  const w = brasiliaWallClock(d);
  return `${pad(w.getUTCDate())}/${pad(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
}
