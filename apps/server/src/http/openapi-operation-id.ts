/**
 * The operationId of a route that does not name its own: the method, then each segment of the path
 * in camelCase, a parameter as `By<Name>` where it stands. Derived from what makes a route unique
 * (method and path), so it is stable as long as the route is, and a new route gets one without
 * anyone choosing it: `GET /emails/send/:id` → `getEmailsSendById`,
 * `DELETE /emails/send/:id/etiquetas/:tagId` → `deleteEmailsSendByIdEtiquetasByTagId`,
 * `GET /tsa/certificado.pem` → `getTsaCertificadoPem`.
 */
export function deriveOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...wordsOf(segment.slice(1))] : wordsOf(segment)));
  return [method.toLowerCase(), ...words.map(capitalize)].join('');
}

/** The words of one segment: split at anything not a letter or digit, and at a camelCase hump. */
function wordsOf(segment: string): string[] {
  return segment
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** An explicit operationId must read as a method name in any generated client. */
export const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;
