/** Pure rules of the paged table's footer (spec 000 §2, §9). */

export const PAGE_SLOTS = 6;
export const MAX_FILTER_ITEMS = 4;

export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/** Up to six numbered pages around the current one, with an ellipsis where pages are hidden. */
export function pageSlots(current: number, pageCount: number, slots = PAGE_SLOTS): PageSlot[] {
  if (pageCount <= slots) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor((slots - 1) / 2));
  const end = Math.min(pageCount, start + slots - 1);
  start = Math.max(1, end - slots + 1);
  const pages: PageSlot[] = [];
  if (start > 1) pages.push('ellipsis-start');
  for (let p = start; p <= end; p++) pages.push(p);
  if (end < pageCount) pages.push('ellipsis-end');
  return pages;
}

/** 'Mostrando de X até Y de N registros'. */
export function footerText(offset: number, rowsOnPage: number, rowCount: number): string {
  const from = rowCount === 0 ? 0 : offset + 1;
  const to = rowCount === 0 ? 0 : offset + rowsOnPage;
  return `Mostrando de ${from} até ${to} de ${rowCount} registros`;
}

/** Up to four selected labels, then 'e mais N'. */
export function summarizeSelection(labels: string[], max = MAX_FILTER_ITEMS): string {
  if (labels.length <= max) return labels.join(', ');
  return `${labels.slice(0, max).join(', ')} e mais ${labels.length - max}`;
}
