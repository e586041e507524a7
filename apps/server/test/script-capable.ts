import fs from 'node:fs';
import path from 'node:path';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { RICH_TEXT_TAGS } from '../src/mail/html-policy.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The payloads of docs/xss-payloads.md, with \t and \n turned into the real characters. */
export function xssPayloads(): string[] {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/xss-payloads.md'), 'utf8');
  const block = doc.match(/```text\n([\s\S]*?)\n```/)?.[1];
  if (!block) throw new Error('docs/xss-payloads.md has no ```text block');
  return block
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.replace(/\\t/g, '\t').replace(/\\n/g, '\n'));
}

/** Elements a message may be made of: the rich text of a body and the frame of the e-mail around it. */
const ELEMENTS = new Set<string>([...RICH_TEXT_TAGS, 'html', 'head', 'body']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'cid']);
const RASTER_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp)[;,]/;
const DANGEROUS_ATTRIBUTES = new Set(['srcdoc', 'formaction', 'action', 'xmlns', 'http-equiv', 'background', 'poster', 'data', 'codebase']);
/** Attributes a browser reads as a URL (alt, title and the like are only text). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
  'data',
  'codebase',
  'cite',
  'longdesc',
  'usemap',
  'dynsrc',
  'lowsrc',
  'ping',
  'manifest',
  'icon',
  'content',
]);

/** A URL as a browser reads it: leading/trailing C0 controls and spaces gone, tabs and line breaks removed, lower case. */
const browserUrl = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls a browser strips are the point
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '')
    .toLowerCase();

function attributeProblems(el: Element): string[] {
  const problems: string[] = [];
  for (const { name, value } of el.attrs) {
    const attr = name.toLowerCase();
    const where = `<${el.tagName} ${attr}="${value.slice(0, 60)}">`;
    if (attr.startsWith('on')) problems.push(`event handler ${where}`);
    if (DANGEROUS_ATTRIBUTES.has(attr) || attr.includes(':')) problems.push(`attribute ${where}`);
    const url = URL_ATTRIBUTES.has(attr) || attr.includes(':') ? browserUrl(value) : '';
    const scheme = url.match(/^([a-z][a-z0-9+.-]*):/)?.[1];
    if (scheme && ['javascript', 'vbscript', 'livescript'].includes(scheme)) problems.push(`script URL ${where}`);
    if (scheme === 'data' && !(el.tagName === 'img' && attr === 'src' && RASTER_DATA_IMAGE.test(url))) problems.push(`data URL ${where}`);
    if ((attr === 'href' || attr === 'src') && scheme && scheme !== 'data' && !SAFE_SCHEMES.has(scheme)) {
      problems.push(`scheme ${scheme} ${where}`);
    }
    if (attr === 'style') {
      // CSS escapes and comments are read before the property: undo them, then look for what runs.
      const css = value
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/\\/g, '')
        .toLowerCase();
      if (/expression\s*\(|url\s*\(|javascript:|vbscript:|behavio(u)?r\s*:|-moz-binding|@import/.test(css)) problems.push(`style ${where}`);
    }
  }
  return problems;
}

function walk(node: Node, problems: string[]): void {
  if ('tagName' in node) {
    if (!ELEMENTS.has(node.tagName)) problems.push(`element <${node.tagName}>`);
    problems.push(...attributeProblems(node));
    if (node.tagName === 'template') walk((node as DefaultTreeAdapterMap['template']).content, problems);
  }
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, problems);
}

/**
 * What in an HTML document could run script or fetch a script-capable URL, read as a browser
 * reads it (parse5 is the HTML standard's parser), once with scripting on and once off (a mail
 * client without script parses <noscript> as markup): elements outside the rich-text allow-list,
 * on* handlers, srcdoc/formaction and the like, javascript:/vbscript:/data: URLs (data: only as a
 * raster image's src), href/src schemes outside http, https, mailto, tel, cid, and CSS that
 * runs or loads. Empty when the HTML is inert.
 */
export function scriptCapable(html: string): string[] {
  const problems: string[] = [];
  for (const scriptingEnabled of [true, false]) walk(parse(html, { scriptingEnabled }), problems);
  return [...new Set(problems)];
}
