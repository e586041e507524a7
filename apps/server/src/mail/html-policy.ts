/**
 * What rich text may be made of, shared by the sanitizers of template and message bodies
 * (mail/message-html.ts) and of received mail (inbound/sanitize-received.ts), which then differ in
 * attributes, images and links.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'mark',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** An image inlined as a data: URL of a raster type (never SVG: it can carry script). */
export const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;
