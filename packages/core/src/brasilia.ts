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
