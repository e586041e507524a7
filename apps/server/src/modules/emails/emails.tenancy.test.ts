import { beforeAll, describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp } from '../../../test/harness.ts';

// A user's sent messages are its own rows (docs/architecture.md, tenant scope): no other user
// reaches them by id — not the manager of its entity, not the administrator of its company, not a
// user of another entity — and what they try to write by those ids changes nothing.

// Queue running, no workers: the message stays 'processed', which is all these calls need.
const app = useTestApp({}, { startQueue: true, startWorkers: false });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const OTHERS = ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local'];

let owner: string;
let ownerCode: number;
let id: number;
let attachment: string;
let ownTag: number;

beforeAll(async () => {
  owner = await app.t.login('usuario@demo.local');
  ownerCode = (
    await app.t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', 'usuario@demo.local').executeTakeFirstOrThrow()
  ).usu_codigo;
  const up = await app.t.upload(owner, [{ name: 'contrato.pdf', data: PDF }]);
  expect(up.statusCode).toBe(200);
  attachment = up.json()[0].uuidFilename;
  ownTag = (await app.call('POST', '/etiquetas', owner, { eti_nome: 'Do usuário', eti_cor: '#c92a2a' })).json().etiqueta.eti_codigo;
  const sent = await app.call('POST', '/emails/send', owner, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação reservada',
    content: '<p>Prezada Ana.</p>',
    attachments: [attachment],
    etiquetasSelected: [ownTag],
  });
  expect(sent.statusCode).toBe(200);
  id = sent.json().emails[0].ema_uni_codigo;
});

const documentsOf = (cod_email: number) =>
  app.t.ctx.db.selectFrom('email_documentos').select(['cod_usu', 'doc_tipo']).where('cod_email', '=', cod_email).execute();

describe("another user's sent message", () => {
  it.each(OTHERS)('answers 404 to %s on every id route, and what it writes changes nothing', async (login) => {
    const other = await app.as(login);
    const theirTag = (await app.call('POST', '/etiquetas', other, { eti_nome: `De ${login}`, eti_cor: '#1971c2' })).json().etiqueta
      .eti_codigo;
    const leaks = await notFoundForOthers(app, other, [
      ['GET', `/emails/send/${id}`],
      ['GET', `/emails/status/${id}`],
      ['POST', `/emails/send/${id}/etiquetas`, [theirTag]],
      ['DELETE', `/emails/send/${id}/etiquetas/${ownTag}`],
      ['GET', `/email/attachments/${id}/${attachment}`],
      ['GET', `/emails/sending-proof/${id}`],
      ['PUT', `/emails/sending-proof/${id}`, { name: 'Outro', email: login }],
      ['GET', `/emails/report/laudo/${id}`],
      [
        'POST',
        '/emails/send',
        {
          destinataires: [{ to: 'bia@cliente.test', nameTo: 'Bia' }],
          nameFrom: 'Outro',
          subject: 'Re',
          content: '<p>x</p>',
          codEmailReplyBase: id,
        },
      ],
    ]);
    expect(leaks).toEqual([]);

    // Not in its list either, by a search that matches the message.
    const list = (await app.call('GET', '/emails/send?searchTerm=reservada', other)).json();
    expect(list.emails).toEqual([]);
    // The message keeps its tag, gets none of theirs, no document was logged, and no reply was stored.
    const detail = (await app.call('GET', `/emails/send/${id}`, owner)).json();
    expect(detail.emailEtiquetas.map((t: { eti_codigo: number }) => t.eti_codigo)).toEqual([ownTag]);
    expect(await documentsOf(id)).toEqual([]);
    const replies = await app.t.ctx.db
      .selectFrom('emails')
      .select('ema_uni_codigo')
      .where('ema_uni_cod_email_reply_base', '=', id)
      .execute();
    expect(replies).toEqual([]);
  });

  it('still answers its owner', async () => {
    expect((await app.call('GET', `/emails/status/${id}`, owner)).json().lastStatus.email.type).toBe('processed');
    expect((await app.call('GET', `/email/attachments/${id}/${attachment}`, owner)).statusCode).toBe(200);
    expect((await app.call('PUT', `/emails/sending-proof/${id}`, owner, {})).statusCode).toBe(200);
    expect(await documentsOf(id)).toEqual([{ cod_usu: ownerCode, doc_tipo: 'comprovante' }]);
    expect((await app.call('DELETE', `/emails/send/${id}/etiquetas/${ownTag}`, owner)).statusCode).toBe(200);
    expect((await app.call('POST', `/emails/send/${id}/etiquetas`, owner, [ownTag])).json()).toEqual([
      { eti_codigo: ownTag, eti_nome: 'Do usuário', eti_cor: '#c92a2a' },
    ]);
  });
});
