import sanitizeHtml from 'sanitize-html';

/** Where a paragraph ends in the message's rich text. */
const BLOCKS = ['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr', 'table', 'ul', 'ol'];

/**
 * The message's HTML as the plain paragraphs a printed letter carries (a paragraph's line breaks
 * kept as '\n', list items marked '• '). sanitize-html parses it as a browser would and keeps
 * only the block tags and <br>, without attributes: every other tag goes, its text stays, and
 * scripts, styles and the like go with their contents, so no markup reaches the page; images are
 * not printed (the public page shows the message whole). The text comes back with only &amp;,
 * &lt;, &gt; (and &quot;) escaped, which are undone last.
 */
export function htmlToParagraphs(html: string): string[] {
  const clean = sanitizeHtml(html, {
    allowedTags: [...BLOCKS, 'br'],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'head'],
  });
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .trim();
    if (text && text !== '•') paragraphs.push(text);
    current = '';
  };
  for (const token of clean.split(/(<[^>]*>)/)) {
    if (token.startsWith('<')) {
      if (/^<br\b/i.test(token)) current += '\n';
      else {
        flush();
        if (/^<li\b/i.test(token)) current = '• ';
      }
    } else if (token) {
      current += token
        .replace(/[ \t\n\r\f]+/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    }
  }
  flush();
  return paragraphs;
}
