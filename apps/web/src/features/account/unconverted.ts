import { mustRedefinePassword, type SessionUser } from '@ar/core';

export const ACCOUNT_PATH = '/configuracao/conta';

/**
 * Spec 000 §4: a user brought from the store who never redefined the password here is kept on
 * My Account until it does. Answers where to send the user, or null to let it through.
 */
export function unconvertedRedirect(user: SessionUser, pathname: string): string | null {
  if (!mustRedefinePassword(user)) return null;
  return pathname === ACCOUNT_PATH || pathname === '/logout' ? null : ACCOUNT_PATH;
}
