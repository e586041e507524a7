import { MSG } from '../messages.ts';
import { LOGIN_PASSWORD_MAX } from '../session-rules.ts';
import { isEmail } from '../validators/email.ts';
import { passwordProblems } from '../validators/password.ts';
import { z } from '../zod.ts';
import { sessionUserSchema } from './users.ts';

/** Texts of the session calls that the specification does not quote (ours). */
export const AUTH_MSG = {
  loggedOut: 'Sessão encerrada.',
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

/** GET /usuarios/password-recovery/{token}: the link is live (a dead one answers 404). */
export const resetLinkResponse = z.object({ valid: z.boolean() });
export type ResetLinkResponse = z.infer<typeof resetLinkResponse>;
