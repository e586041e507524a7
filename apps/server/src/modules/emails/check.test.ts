import { CHECK_MSG, EMAIL_MSG } from '@ar/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { createDomainChecker, type DomainResolver, useDomainResolver } from './domain-check.ts';

let token: string;
let managerToken: string;
let otherEntityToken: string;

const dnsError = (code: string) => Object.assign(new Error(code), { code });

/** A DNS that sees the internet: the root zone answers, and these domains exist or not. */
const publicDns: DomainResolver = {
  async resolveNs(d) {
    if (d === '.') return ['a.root-servers.net'];
    throw dnsError('ENODATA');
  },
  async resolveMx(d) {
    if (d === 'correio.com.br') return [{ exchange: 'mx.correio.com.br', priority: 10 }];
    if (d === 'nullmx.com.br') return [{ exchange: '.', priority: 0 }];
    if (d === 'so-endereco.com.br' || d === 'sem-correio.com.br') throw dnsError('ENODATA');
    throw dnsError('ENOTFOUND');
  },
  async resolve4(d) {
    if (d === 'so-endereco.com.br') return ['192.0.2.10'];
    throw dnsError('ENODATA');
  },
  async resolve6() {
    throw dnsError('ENODATA');
  },
};

const check = (tok: string | null, email: string) => app.call('GET', `/emails/check/blacklist/${encodeURIComponent(email)}`, tok ?? {});
const whitelist = (tok: string, email: string) => app.call('POST', '/whitelist', tok, { whi_email: email });
const validity = (tok: string | null, query: string) => app.call('GET', `/emails/check/valido?${query}`, tok ?? {});

const { app } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  managerToken = await app.t.login('gerente@demo.local');
  otherEntityToken = await app.t.login('pos@demo.local');
  await app.t.ctx.db
    .insertInto('blacklist')
    .values([
      { bla_tipo: 'email', bla_valor: 'bloqueado@cliente.test', bla_motivo: 'pedido do titular do endereço' },
      { bla_tipo: 'dominio', bla_valor: 'spam.test', bla_motivo: 'domínio usado para abuso' },
    ])
    .execute();
});

describe('GET /v2/emails/check/blacklist/:email', () => {
  it('requires a signed-in user', async () => {
    expect((await check(null, 'ana@cliente.test')).statusCode).toBe(401);
  });

  it('passes a clean address and fails a malformed one', async () => {
    const ok = await check(token, 'ana@cliente.test');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ check: { valid: true, msg: '' } });
    expect((await check(token, 'nao-e-email')).json()).toEqual({ check: { valid: false, msg: EMAIL_MSG.recipientEmailInvalid } });
  });

  it('fails an address or a domain (and its subdomains) of the blacklist, whatever the case', async () => {
    expect((await check(token, 'Bloqueado@Cliente.TEST')).json().check).toEqual({
      valid: false,
      msg: CHECK_MSG.blockedAddress('Bloqueado@Cliente.TEST', 'pedido do titular do endereço'),
    });
    expect((await check(token, 'qualquer@SPAM.test')).json().check).toEqual({
      valid: false,
      msg: CHECK_MSG.blockedDomain('spam.test', 'domínio usado para abuso'),
    });
    expect((await check(token, 'x@mail.spam.test')).json().check.valid).toBe(false);
    // A domain that merely ends with the same letters is another domain.
    expect((await check(token, 'x@naospam.test')).json().check.valid).toBe(true);
    expect((await check(token, 'outro@cliente.test')).json().check.valid).toBe(true);
  });

  it('the whitelist does not lift the operator blacklist', async () => {
    const res = await whitelist(token, 'bloqueado@cliente.test');
    expect(res.statusCode).toBe(201);
    expect((await check(token, 'bloqueado@cliente.test')).json().check.valid).toBe(false);
  });

  it('fails an address whose last message was refused for good (5xx), unless the entity whitelists it', async () => {
    const sent = await app.t.send(token, {
      destinataires: [{ to: 'rejeita.caixa@cliente.test', nameTo: 'Rejeita' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    expect(sent.statusCode).toBe(200);
    const id = sent.json().emails[0].ema_uni_codigo;
    await waitFor(
      async () => (await app.call('GET', `/emails/send/${id}`, token)).json(),
      (d) => d.lastStatus?.email?.type === 'erro',
    );
    const bounced = (await check(token, 'REJEITA.caixa@cliente.test')).json().check;
    expect(bounced.valid).toBe(false);
    expect(bounced.msg).toMatch(/^Uma mensagem anterior para REJEITA\.caixa@cliente\.test foi recusada pelo servidor de destino \(550 /);
    // Another entity's user is told the same: the mailbox does not exist for anyone.
    expect((await check(otherEntityToken, 'rejeita.caixa@cliente.test')).json().check.valid).toBe(false);

    // The manager of the same entity whitelists it: the entity's users may send again, the other entity may not.
    const wl = await whitelist(managerToken, 'Rejeita.Caixa@cliente.test');
    expect(wl.statusCode).toBe(201);
    expect((await check(token, 'rejeita.caixa@cliente.test')).json().check).toEqual({ valid: true, msg: '' });
    expect((await check(otherEntityToken, 'rejeita.caixa@cliente.test')).json().check.valid).toBe(false);
  });
});

describe('POST /v2/emails/send refuses blacklisted recipients', () => {
  it('answers 400 with the check message and stores and charges nothing', async () => {
    const count = async () =>
      (
        await app.t.ctx.db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const res = await app.t.send(token, {
      destinataires: [
        { to: 'ana@cliente.test', nameTo: 'Ana' },
        { to: 'contato@sub.spam.test', nameTo: 'Spam' },
      ],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHECK_MSG.blockedDomain('spam.test', 'domínio usado para abuso'));
    expect(await count()).toBe(before);
  });
});

describe('GET /v2/emails/check/valido', () => {
  it('requires a signed-in user and at least one address', async () => {
    expect((await validity(null, 'emails=a@cliente.test')).statusCode).toBe(401);
    const none = await validity(token, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CHECK_MSG.emailsRequired);
  });

  it('checks each address of a repeated parameter or a comma list, in order', async () => {
    useDomainResolver(publicDns);
    const repeated = await validity(token, 'emails=ana@correio.com.br&emails=nao-e-email&emails=bruno@cliente.test');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({
      checkList: [
        { email: 'ana@correio.com.br', check: { valid: true, msg: '' } },
        { email: 'nao-e-email', check: { valid: false, msg: EMAIL_MSG.recipientEmailInvalid } },
        // Names reserved for tests and documentation are not looked up.
        { email: 'bruno@cliente.test', check: { valid: true, msg: '' } },
      ],
    });
    const comma = await validity(token, `emails=${encodeURIComponent('ana@correio.com.br, x@so-endereco.com.br')}`);
    expect(comma.json().checkList).toEqual([
      { email: 'ana@correio.com.br', check: { valid: true, msg: '' } },
      // No MX but an address: the implicit MX of RFC 5321.
      { email: 'x@so-endereco.com.br', check: { valid: true, msg: '' } },
    ]);
  });

  it('fails a domain that does not exist or takes no mail, unless whitelisted', async () => {
    useDomainResolver(publicDns);
    const res = await validity(token, 'emails=ana@nao-existe.com.br&emails=bia@sem-correio.com.br&emails=caio@nullmx.com.br');
    expect(res.json().checkList).toEqual([
      {
        email: 'ana@nao-existe.com.br',
        check: { valid: false, msg: CHECK_MSG.domainNotFound('ana@nao-existe.com.br', 'nao-existe.com.br') },
      },
      {
        email: 'bia@sem-correio.com.br',
        check: { valid: false, msg: CHECK_MSG.domainNoMail('bia@sem-correio.com.br', 'sem-correio.com.br') },
      },
      { email: 'caio@nullmx.com.br', check: { valid: false, msg: CHECK_MSG.domainNoMail('caio@nullmx.com.br', 'nullmx.com.br') } },
    ]);
    const wl = await whitelist(token, 'ana@nao-existe.com.br');
    expect(wl.statusCode).toBe(201);
    expect((await validity(token, 'emails=ANA@nao-existe.com.br')).json().checkList[0].check).toEqual({ valid: true, msg: '' });
  });

  it('does not fail an address when DNS does not answer (offline install)', async () => {
    const refused: DomainResolver = {
      resolveMx: async () => Promise.reject(dnsError('ECONNREFUSED')),
      resolve4: async () => Promise.reject(dnsError('ECONNREFUSED')),
      resolve6: async () => Promise.reject(dnsError('ECONNREFUSED')),
      resolveNs: async () => Promise.reject(dnsError('ECONNREFUSED')),
    };
    useDomainResolver(refused);
    expect((await validity(token, 'emails=ana@nao-existe.com.br')).json().checkList[0].check).toEqual({ valid: true, msg: '' });

    // Some resolvers without internet answer NXDOMAIN to everything, the root zone included.
    const nxEverything: DomainResolver = {
      resolveMx: async () => Promise.reject(dnsError('ENOTFOUND')),
      resolve4: async () => Promise.reject(dnsError('ENOTFOUND')),
      resolve6: async () => Promise.reject(dnsError('ENOTFOUND')),
      resolveNs: async () => Promise.reject(dnsError('ENOTFOUND')),
    };
    useDomainResolver(nxEverything);
    expect((await validity(token, 'emails=ana@nao-existe.com.br')).json().checkList[0].check).toEqual({ valid: true, msg: '' });
  });
});

describe('domain checker', () => {
  it('gives up after its timeout and caches answers', async () => {
    let calls = 0;
    const hanging: DomainResolver = {
      ...publicDns,
      resolveMx: () => {
        calls++;
        return new Promise(() => {});
      },
    };
    // The timeout's behaviour on a fake clock: nothing before it, 'unknown' at it, whatever the machine's load.
    vi.useFakeTimers();
    try {
      const slow = createDomainChecker(hanging, { timeoutMs: 100 });
      let verdict: string | undefined;
      void slow.check('lento.com.br').then((v) => {
        verdict = v;
      });
      await vi.advanceTimersByTimeAsync(99);
      expect(verdict).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(verdict).toBe('unknown');
    } finally {
      vi.useRealTimers();
    }

    let mxCalls = 0;
    const counting = createDomainChecker({
      ...publicDns,
      resolveMx: (d) => {
        mxCalls++;
        return publicDns.resolveMx(d);
      },
    });
    expect(await counting.check('nao-existe.com.br')).toBe('nxdomain');
    expect(await counting.check('NAO-EXISTE.com.br')).toBe('nxdomain');
    expect(await counting.check('correio.com.br')).toBe('mail');
    expect(mxCalls).toBe(2);
    expect(calls).toBe(1);
    expect(await counting.check('x.invalid')).toBe('nxdomain');
  });
});
