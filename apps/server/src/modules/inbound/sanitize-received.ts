import sanitizeHtml from 'sanitize-html';
import { INLINE_IMAGE, RICH_TEXT_TAGS } from '../../mail/html-policy.ts';

/**
 * What a received message's HTML may keep when shown in the product. Stricter than a template
 * (mail/message-html.ts): it comes from anyone. No scripts, styles, forms, frames or event
 * handlers; no remote images (they would tell the sender when and from where it was read) —
 * only images inlined as data: URLs; links keep http(s)/mailto and open apart with
 * rel="noopener noreferrer nofollow".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS, 'small', 'font', 'center', 'tfoot'],
  allowedAttributes: {
    // target and rel are set by the transform below, whatever the message said.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    p: ['align'],
    div: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // Their text is not content: it would show as stray words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The body to show: the HTML part sanitised, or the text part as paragraphs. */
export function sanitizeReceivedBody(html: string | undefined, text: string | undefined): string {
  if (html?.trim()) return sanitizeHtml(html, OPTIONS).trim();
  if (!text?.trim()) return '';
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
