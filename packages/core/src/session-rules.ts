import { isEmail } from './validators/email.ts';

// Rules of the session that the login screen and the signed-in frame check before anything else
// is loaded: plain code, no zod, so /login's JavaScript carries no schema library
// (docs/performance.md, web budget). The contracts (`loginBody`) use the same pieces.

/** The longest password the login accepts (`loginBody`). */
export const LOGIN_PASSWORD_MAX = 200;

/**
 * The login's fields as `loginBody` accepts them: an e-mail (spaces around it ignored) and a
 * password of 1 to LOGIN_PASSWORD_MAX characters. False shows MSG.loginRequired without a call.
 */
export function loginFieldsValid(username: string, password: string): boolean {
  return isEmail(username.trim()) && password.length >= 1 && password.length <= LOGIN_PASSWORD_MAX;
}

/** §4: a user brought from the store (usu_wooc_id) who never redefined the password here. */
export function mustRedefinePassword(user: { usu_integracao: boolean; usu_wooc_id: number | null }): boolean {
  return !user.usu_integracao && user.usu_wooc_id !== null && user.usu_wooc_id !== undefined;
}
