import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mailboxHelmet } from '../../http/security-headers.ts';
import { presentMail, presentMailList, presentMailNotFound, rawMailFileName } from './mailbox.presenter.ts';
import * as mailbox from './mailbox.service.ts';

/** A message id from the path, or null (answered as a message that does not exist). */
const mailId = (params: unknown): number | null => {
  const id = z.coerce
    .number()
    .int()
    .positive()
    .max(2147483647)
    .safeParse((params as { id?: string }).id);
  return id.success ? id.data : null;
};

const HTML = 'text/html; charset=utf-8';

/**
 * The captured mailbox of embedded mode: every message the product "sent", newest first, each
 * shown as the recipient would see it. Registered only when there is no SMTP_URL. HTML pages and
 * a file, not JSON: plain Fastify routes, outside /v2.
 */
export function mailboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Its own content policy: the e-mails' styles and images, no script at all.
  const options = mailboxHelmet(ctx.config);

  app.get('/dev/mailbox', options, async (_request, reply) => reply.type(HTML).send(presentMailList(await mailbox.listMail(ctx))));

  app.get('/dev/mailbox/:id', options, async (request, reply) => {
    const row = await mailbox.getMail(ctx, mailId(request.params));
    if (!row) return reply.status(404).type(HTML).send(presentMailNotFound());
    return reply.type(HTML).send(presentMail(row));
  });

  app.get('/dev/mailbox/:id/raw', options, async (request, reply) => {
    const row = await mailbox.getRawMail(ctx, mailId(request.params));
    if (!row) return reply.status(404).send({ message: 'Mensagem não encontrada.' });
    return reply
      .type('message/rfc822')
      .header('content-disposition', `attachment; filename="${rawMailFileName(row.cai_codigo)}"`)
      .send(row.cai_raw);
  });
}
