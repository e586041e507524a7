import { MSG } from '../messages.ts';
import { LOGIN_PASSWORD_MAX } from '../session-rules.ts';
import { isEmail } from '../validators/email.ts';
import { passwordProblems } from '../validators/password.ts';
import { z } from '../zod.ts';
import { sessionUserSchema } from './users.ts';

/** Texts of the session calls that the specification does not quote (ours). */
export const AUTH_MSG = {
  loggedOut: 'Sessão encerrada.',
  /** A state-changing call whose session came by cookie without the session's CSRF header (docs/access.md). */
  csrfRefused: 'Requisição recusada: ela não veio de uma página aberta do AR Online. Atualize a página e tente de novo.',
  /** LOCAL_LOGIN=false: POST /login. */
  localLoginOff: (label: string) => `O acesso com e-mail e senha está desativado nesta instalação. Use o botão "${label}".`,
  /** A user an administrator set to sign in only through the provider, after the right password. */
  ssoRequired: (label: string) => `Este usuário entra somente pelo botão "${label}".`,
  /** Single sign-on refusals, back on /login (docs/access.md). */
  ssoUnknownUser: (email: string) =>
    `O e-mail ${email} não tem acesso ao AR Online. Peça ao administrador da sua conta que cadastre esse e-mail.`,
  ssoUnverifiedEmail: (email: string) =>
    `O provedor de identidade não confirmou o e-mail ${email}. Confirme o e-mail no provedor ou peça ajuda ao administrador.`,
  ssoNoEmail:
    'O provedor de identidade não informou o e-mail da conta. Peça ao administrador que libere o escopo "email" para o AR Online.',
  ssoBlockedUser: (email: string) => `O usuário ${email} está bloqueado. Peça ao administrador da sua conta que o libere.`,
  ssoInviteExpired: (email: string) => `O convite de ${email} expirou ou já foi usado. Peça um novo convite ao administrador da sua conta.`,
  ssoFailed: 'Não foi possível concluir a entrada pelo provedor de identidade. Tente de novo; se persistir, fale com o administrador.',
  ssoUnavailable: 'O provedor de identidade não respondeu. Tente de novo em alguns instantes.',
} as const;

export const loginBody = z.object(
  {
    username: z.string({ error: MSG.loginRequired }).trim().min(1, MSG.loginRequired).refine(isEmail, MSG.loginRequired),
    password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired).max(LOGIN_PASSWORD_MAX, MSG.loginRequired),
  },
  { error: MSG.loginRequired },
);
export type LoginBody = z.infer<typeof loginBody>;

/** Recovery e-mail: spaces stripped, required, valid, at most 150 characters. */
export const recoveryEmail = z
  .string({ error: MSG.emailInvalid })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(1, MSG.emailInvalid).max(150, MSG.emailTooLong).refine(isEmail, MSG.emailInvalid));

export const recoveryBody = z.object({ emailUserRecovery: recoveryEmail });

export const newPassword = z
  .string({ error: MSG.password.length })
  .max(200, 'A senha deve ter no máximo 200 caracteres.')
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });

export const resetBody = z.object({ newPassword });

export const changePasswordBody = z
  .object({ newPassword, confirmPassword: z.string().optional() })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: MSG.password.mismatch,
    path: ['confirmPassword'],
  });

export const tokenParam = z.object({ token: z.string().min(1).max(200) });

/**
 * Responses (checked by defineRoute's `response`). POST /login: the session token, the user and
 * secure (false: the password must be changed before anything else).
 */
export const loginResponse = z.object({ token: z.string(), user: sessionUserSchema, secure: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * POST /logout: the session ended; for a session opened through single sign-on, `endSessionUrl` is
 * the provider's end_session_endpoint (with id_token_hint and post_logout_redirect_uri), where the
 * browser goes next to sign out of the provider too.
 */
export const logoutResponse = z.object({ message: z.string(), endSessionUrl: z.string().optional() });
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** GET /auth/oidc/erro: why the last single sign-on of this browser was refused (empty when none). */
export const ssoErrorResponse = z.object({ message: z.string().nullable() });
export type SsoErrorResponse = z.infer<typeof ssoErrorResponse>;

/** POST /auth/oidc/backchannel-logout: the provider's form body (OpenID Connect Back-Channel Logout 1.0). */
export const backchannelLogoutBody = z.object({ logout_token: z.string().min(1).max(16_384) });

/** GET /usuarios/password-recovery/{token}: the link is live (a dead one answers 404). */
export const resetLinkResponse = z.object({ valid: z.boolean() });
export type ResetLinkResponse = z.infer<typeof resetLinkResponse>;
