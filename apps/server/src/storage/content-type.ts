import { type AttachmentKind, attachmentType } from '@ar/core';

/**
 * The real type of an uploaded file, read from its first bytes, for the attachment types the
 * product accepts (spec 001 §5: png, jpeg, gif, doc, docx, xls, xlsx, pdf, zip). The name's
 * extension must agree with the content: a renamed executable is not a PDF. The extensions, their
 * MIME types and content kinds are core's (packages/core/src/attachments.ts), shared with the web.
 */

const startsWith = (b: Buffer, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);

export function sniffKind(head: Buffer): AttachmentKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  // docx, xlsx and zip are all ZIP containers (local file header or empty archive).
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  // doc and xls (Office 97-2003) are OLE2 compound files.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  return null;
}

/** The MIME type to store and serve, or null when the name and the content disagree or the type is not allowed. */
export function acceptedMime(filename: string, head: Buffer): string | null {
  const expected = attachmentType(filename);
  if (!expected) return null;
  return sniffKind(head) === expected.kind ? expected.mime : null;
}
