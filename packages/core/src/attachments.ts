import { DEFAULT_ATTACHMENT_LIMIT_MB, EMAIL_MSG, MAX_ATTACHMENTS } from './contracts/emails.ts';

/**
 * The attachment types of spec 001 §5, by extension: the MIME type stored and served, and the
 * family of content the file must start with (docx, xlsx and zip are ZIP containers; doc and xls
 * OLE2 compound files). The compose screen offers and checks these extensions; the server reads
 * the first bytes and accepts the file only when they agree with its extension
 * (apps/server/src/storage/content-type.ts).
 */
export type AttachmentKind = 'png' | 'jpeg' | 'gif' | 'pdf' | 'zip' | 'ole';

export const ATTACHMENT_TYPES = {
  png: { kind: 'png', mime: 'image/png' },
  jpg: { kind: 'jpeg', mime: 'image/jpeg' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg' },
  gif: { kind: 'gif', mime: 'image/gif' },
  doc: { kind: 'ole', mime: 'application/msword' },
  docx: { kind: 'zip', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'ole', mime: 'application/vnd.ms-excel' },
  xlsx: { kind: 'zip', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  zip: { kind: 'zip', mime: 'application/zip' },
} as const satisfies Record<string, { kind: AttachmentKind; mime: string }>;

export type AttachmentExtension = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_TYPES) as AttachmentExtension[];
/** The file picker's `accept`: ".png,.jpg,...". */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The allowed type of a file name by its extension (any case), or null. */
export function attachmentType(filename: string): { kind: AttachmentKind; mime: string } | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(ATTACHMENT_TYPES, ext) ? ATTACHMENT_TYPES[ext as AttachmentExtension] : null;
}

const ALLOWED_NAMES = ATTACHMENT_EXTENSIONS.map((e) => e.toUpperCase());
/** The allowed types as a person reads them: 'Tipos aceitos: PNG, JPG, …, PDF e ZIP.' */
export const ATTACHMENT_TYPES_ALLOWED = `Tipos aceitos: ${ALLOWED_NAMES.slice(0, -1).join(', ')} e ${ALLOWED_NAMES.at(-1)}.`;

/**
 * The refusal of a file's type: the spec's 'Tipo de Arquivos não permitido' with the refused files
 * and the allowed types, so the person knows what to send instead (#43). `contentMismatch`: the
 * extension is allowed, but the file's first bytes are of another type.
 */
export function attachmentTypeRefusal(names: string[], contentMismatch = false): string {
  const why = contentMismatch ? ' O conteúdo do arquivo não corresponde à sua extensão.' : '';
  return `${EMAIL_MSG.attachmentType}: ${names.join(', ')}.${why} ${ATTACHMENT_TYPES_ALLOWED}`;
}

/** A user's total attachment size in bytes: usu_limite_anexo (MB) or the default 12 MB. */
export function attachmentLimitBytes(user: { usu_limite_anexo: number | null }): number {
  return (user.usu_limite_anexo ?? DEFAULT_ATTACHMENT_LIMIT_MB) * 1024 * 1024;
}

/** Whether new files may join the ones already attached (type, count, total size); the spec's message when not. */
export function attachmentsProblem(
  files: { name: string; size: number }[],
  current: { size: number }[],
  user: { usu_limite_anexo: number | null },
): string | null {
  const refused = files.filter((f) => !attachmentType(f.name)).map((f) => f.name);
  if (refused.length) return attachmentTypeRefusal(refused);
  if (files.length + current.length > MAX_ATTACHMENTS) return EMAIL_MSG.tooManyAttachments;
  const total = [...files, ...current].reduce((s, f) => s + f.size, 0);
  if (total > attachmentLimitBytes(user)) return EMAIL_MSG.attachmentsTooLarge;
  return null;
}
