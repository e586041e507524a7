import { CHECK_MSG, EMAIL_MSG, isEmail, type RecipientCheck } from '@ar/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { blocksAndLastFailures, isWhitelisted } from './check.queries.ts';
import { domainChecker } from './domain-check.ts';

const PASS: RecipientCheck = { valid: true, msg: '' };
const fail = (msg: string): RecipientCheck => ({ valid: false, msg });

/** The domain and each parent domain: a.b.com.br → a.b.com.br, b.com.br, com.br, br. */
export function domainsOf(address: string): string[] {
  const labels = address.slice(address.lastIndexOf('@') + 1).split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** A permanent refusal recorded by the send worker: the relay's reply starts with a 5xx code. */
const isHardBounce = (reason: string) => /^\s*5\d\d\b/.test(reason);

/**
 * GET /emails/check/blacklist/{email} and the check POST /emails/send repeats: the syntax, the
 * operator's blacklist (address or domain, case-insensitive; no whitelist lifts it), then the last
 * message to the address: a hard bounce (5xx) blocks it unless the user's or entity's whitelist has it.
 * All the addresses of a send are checked with one statement (and a whitelist query per hard bounce).
 */
export async function checkBlacklistAll(db: Kysely<DB>, scope: TenantScope, emails: string[]): Promise<RecipientCheck[]> {
  const addresses = emails.map((e) => e.trim());
  const wellFormed = addresses.filter((a) => isEmail(a)).map((a) => a.toLowerCase());
  if (wellFormed.length === 0) return addresses.map(() => fail(EMAIL_MSG.recipientEmailInvalid));
  const { blocks, failures } = await blocksAndLastFailures(db, wellFormed, [...new Set(wellFormed.flatMap(domainsOf))]);
  return Promise.all(
    addresses.map(async (address) => {
      if (!isEmail(address)) return fail(EMAIL_MSG.recipientEmailInvalid);
      const lower = address.toLowerCase();
      const byAddress = blocks.find((b) => b.bla_tipo === 'email' && b.bla_valor === lower);
      if (byAddress) return fail(CHECK_MSG.blockedAddress(address, byAddress.bla_motivo));
      // The most specific domain first: its reason is the one that applies.
      const byDomain = domainsOf(lower)
        .map((d) => blocks.find((b) => b.bla_tipo === 'dominio' && b.bla_valor === d))
        .find((b) => b !== undefined);
      if (byDomain) return fail(CHECK_MSG.blockedDomain(byDomain.bla_valor, byDomain.bla_motivo));
      const reason = failures.get(lower);
      if (reason !== undefined && isHardBounce(reason) && !(await isWhitelisted(db, scope, lower))) {
        return fail(CHECK_MSG.hardBounce(address, reason.trim().slice(0, 160)));
      }
      return PASS;
    }),
  );
}

export async function checkBlacklist(ctx: Pick<AppContext, 'db'>, scope: TenantScope, email: string): Promise<RecipientCheck> {
  const [check] = await checkBlacklistAll(ctx.db, scope, [email]);
  return check as RecipientCheck;
}

/**
 * GET /emails/check/valido: the syntax, then whether the domain receives mail (MX, or A/AAAA).
 * Only a definite answer fails an address — a domain that does not exist or takes no mail —
 * and the whitelist lifts even that; DNS that does not answer fails nothing.
 */
export async function checkValidity(ctx: Pick<AppContext, 'db'>, scope: TenantScope, emails: string[]) {
  const { db } = ctx;
  const checks = await Promise.all(
    emails.map(async (email): Promise<{ email: string; check: RecipientCheck }> => {
      const address = email.trim();
      if (!isEmail(address)) return { email, check: fail(EMAIL_MSG.recipientEmailInvalid) };
      const lower = address.toLowerCase();
      const domain = lower.slice(lower.lastIndexOf('@') + 1);
      const verdict = await domainChecker().check(domain);
      if (verdict === 'mail' || verdict === 'unknown') return { email, check: PASS };
      if (await isWhitelisted(db, scope, lower)) return { email, check: PASS };
      return {
        email,
        check: fail(verdict === 'nxdomain' ? CHECK_MSG.domainNotFound(address, domain) : CHECK_MSG.domainNoMail(address, domain)),
      };
    }),
  );
  return { checkList: checks };
}

/** The first recipient of a send that fails the blacklist check, as the 400 message; null when all pass. */
export async function blacklistProblem(db: Kysely<DB>, scope: TenantScope, addresses: string[]): Promise<string | null> {
  const checks = await checkBlacklistAll(db, scope, addresses);
  return checks.find((c) => !c.valid)?.msg ?? null;
}
