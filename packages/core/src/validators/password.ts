import { MSG } from '../messages.ts';

/** The rules of a new password, in the order the screens list them. */
export const PASSWORD_RULES: ReadonlyArray<{ message: string; test: (p: string) => boolean }> = [
  { message: MSG.password.length, test: (p) => p.length >= 8 },
  { message: MSG.password.upper, test: (p) => /\p{Lu}/u.test(p) },
  { message: MSG.password.lower, test: (p) => /\p{Ll}/u.test(p) },
  { message: MSG.password.digit, test: (p) => /\d/.test(p) },
  // "non-word" character: anything but letters, digits and underscore.
  { message: MSG.password.special, test: (p) => /[^\p{L}\p{N}_]/u.test(p) || p.includes('_') },
];

/** Messages of the rules the password breaks; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
