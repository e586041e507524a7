import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Where a security answer must never be (docs/security-answer.md):
 * the addresses the browser requested or navigated to (history, server and proxy logs,
 * Referer) and the addresses the page's DOM holds (links, sources, frames, forms).
 */

/** Every address the context's pages request (documents, calls, files) or navigate to (the history API too). */
export function watchAddresses(context: BrowserContext) {
  const seen: { kind: 'request' | 'navigation'; url: string; method?: string; referer?: string }[] = [];
  context.on('request', (r) => seen.push({ kind: 'request', url: r.url(), method: r.method(), referer: r.headers().referer }));
  const follow = (page: Page) => page.on('framenavigated', (frame) => seen.push({ kind: 'navigation', url: frame.url() }));
  for (const page of context.pages()) follow(page);
  context.on('page', follow);
  return {
    seen,
    /** From here on: the addresses seen after this point. */
    mark: () => seen.length,
  };
}

/** The addresses in a page's DOM: href, src, action, srcset, poster, data and frames' srcdoc, and the page's own. */
export function addressesInDom(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [window.location.href];
    const attrs = ['href', 'src', 'action', 'formaction', 'srcset', 'poster', 'data', 'srcdoc', 'xlink:href'];
    for (const el of document.querySelectorAll('*'))
      for (const name of attrs) {
        const value = el.getAttribute(name);
        if (value) found.push(value);
      }
    return found;
  });
}

/** Whether a text holds the answer, as typed or as a URL would carry it (percent-encoded, + for spaces, any case). */
export function holdsAnswer(text: string, answer: string): boolean {
  const wanted = answer.trim().toLowerCase();
  const lower = text.toLowerCase();
  let decoded = lower;
  try {
    decoded = decodeURIComponent(lower.replace(/\+/g, ' '));
  } catch {
    /* not percent-encoded text */
  }
  return [lower, decoded].some((t) => t.includes(wanted) || t.includes(encodeURIComponent(wanted)));
}

/**
 * No address seen (after `from`; but `except`, an address the test itself opened with the answer)
 * and none in the DOM of these pages holds the answer or a `verify` parameter.
 */
export async function expectNoAnswerIn(
  watch: ReturnType<typeof watchAddresses>,
  pages: Page[],
  answer: string,
  { from = 0, except }: { from?: number; except?: string } = {},
) {
  const leaks = watch.seen
    .slice(from)
    .flatMap((s) => [s.url === except ? '' : s.url, s.referer ?? ''])
    .filter((u) => holdsAnswer(u, answer) || /[?&]verify=/i.test(u));
  expect(leaks, 'addresses requested or navigated to').toEqual([]);
  for (const page of pages) {
    if (page.isClosed()) continue;
    const inDom = (await addressesInDom(page)).filter((u) => holdsAnswer(u, answer) || /[?&]verify=/i.test(u));
    expect(inDom, `addresses in the DOM of ${page.url()}`).toEqual([]);
  }
}
