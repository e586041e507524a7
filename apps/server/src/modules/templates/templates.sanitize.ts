import sanitizeHtml from 'sanitize-html';
import { INLINE_IMAGE, RICH_TEXT_TAGS } from '../../mail/html-policy.ts';

/**
 * What a template body may keep: the rich-text editor's formatting, links and images (inline
 * base64 PNG/JPEG/GIF/WebP or http(s)). Scripts, event handlers (on*), styles that could hide
 * content, iframes, forms and javascript: URLs never survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && (frame.attribs.src ?? '').startsWith('data:') && !INLINE_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
