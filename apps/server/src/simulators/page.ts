import { escapeHtml } from '@ar/core';

/** The look every /dev page shares; each page adds its own rules after it. */
export const PAGE_STYLE = `body{font-family:Arial,Helvetica,sans-serif;margin:0;background:#f3f5f8;color:#1f2933}
header{background:#1c4e80;color:#fff;padding:14px 24px}header a{color:#fff}
main{padding:20px 24px}table{border-collapse:collapse;width:100%;background:#fff}
td,th{padding:8px 10px;border-bottom:1px solid #e3e8ee;text-align:left;font-size:14px}`;

/** A /dev page: its title, the simulator's banner (HTML) and its body, styled by PAGE_STYLE and `style`. */
export function devPage(title: string, banner: string, body: string, style = ''): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}
${style}</style></head><body><header>${banner}</header><main>${body}</main></body></html>`;
}

/** The hidden field that carries the session's CSRF token in every /dev form (access.ts). */
export const csrfField = (csrf: string) => `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
