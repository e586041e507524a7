import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mailboxHelmet } from '../../http/security-headers.ts';
import { tenantScope } from '../../modules/tenancy/tenant-scope.ts';
import { requireDevActor } from '../access.ts';
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
 * The captured mailbox of the demo mode: the messages the product "sent" that the signed-in user
 * may see, newest first, each shown as the recipient would see it. Mounted only with the
 * simulators on and no SMTP_URL (simulators/index.ts). HTML pages and a file, not JSON: plain
 * Fastify routes, outside /v2.
 */
export function mailboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Its own content policy: the e-mails' styles and images, no script at all.
  const options = mailboxHelmet(ctx.config);

  // Signed-in users only, each its tenant's mail and its own (access.ts, mailbox.queries.ts).
  app.get('/dev/mailbox', options, async (request, reply) => {
    const actor = await requireDevActor(ctx, request, reply);
    if (!actor) return reply;
    return reply.type(HTML).send(presentMailList(await mailbox.listMail(ctx, tenantScope(actor))));
  });

  app.get('/dev/mailbox/:id', options, async (request, reply) => {
    const actor = await requireDevActor(ctx, request, reply);
    if (!actor) return reply;
    const row = await mailbox.getMail(ctx, tenantScope(actor), mailId(request.params));
    if (!row) return reply.status(404).type(HTML).send(presentMailNotFound());
    return reply.type(HTML).send(presentMail(row));
  });

  app.get('/dev/mailbox/:id/raw', options, async (request, reply) => {
    const actor = await requireDevActor(ctx, request, reply);
    if (!actor) return reply;
    const row = await mailbox.getRawMail(ctx, tenantScope(actor), mailId(request.params));
    if (!row) return reply.status(404).send({ message: 'Mensagem não encontrada.' });
    return reply
      .type('message/rfc822')
      .header('content-disposition', `attachment; filename="${rawMailFileName(row.cai_codigo)}"`)
      .send(row.cai_raw);
  });
}
