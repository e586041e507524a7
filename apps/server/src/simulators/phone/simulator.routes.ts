import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { telefoneHelmet } from '../../http/security-headers.ts';
import type { Actor } from '../../modules/auth/actor.ts';
import { tenantScope } from '../../modules/tenancy/tenant-scope.ts';
import { devCsrfToken, requireDevActor } from '../access.ts';
import { createCourier } from './simulator.courier.ts';
import { graphSendMessage } from './simulator.graph.ts';
import {
  presentConversation,
  presentGraphAccepted,
  presentGraphError,
  presentPhoneList,
  presentPhoneNotFound,
  presentTwilioError,
  presentTwilioMessage,
} from './simulator.presenter.ts';
import { newFbtraceId } from './simulator.rules.ts';
import * as simulator from './simulator.service.ts';
import type { Simulator } from './simulator.settings.ts';
import { twilioCreateMessage } from './simulator.twilio.ts';
import type { SimulatedCalls } from './simulator.voice.ts';

const HTML = 'text/html; charset=utf-8';

/** A form-encoded body as a flat record (the first value of a repeated field), as Twilio and a browser's form send it. */
function parseForm(body: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) if (!(k in form)) form[k] = v;
  return form;
}

/** The body's string fields (a JSON body sent by mistake keeps only its strings: never a 500). */
const formOf = (body: unknown): Record<string, string> =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/**
 * The embedded provider simulator (docs/phone-simulator.md), mounted only while SMS, WhatsApp
 * or voice is on 'simulator': Twilio's REST API at /dev/twilio, the Cloud API at
 * /dev/graph/v21.0, and the phone at /dev/telefone, which also lists the voice simulator's calls
 * (`calls`, simulator.voice.ts). Outside /v2 and without the API's JSON contracts, because these
 * answer in the providers' own shapes and in HTML.
 */
export function simulatorRoutes(app: FastifyInstance, ctx: AppContext, calls: SimulatedCalls | null = null): void {
  const courier = createCourier({ retryMs: Math.max(250, ctx.config.simulatorDelayMs), attempts: 6, log: ctx.log });
  const sim: Simulator = { ctx, courier };
  const channels = simulator.simulatedChannels(ctx);

  app.register(async (scope) => {
    scope.addHook('onClose', async () => courier.close());
    // Twilio's requests and the phone's forms are form-encoded; this scope alone reads that.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, parseForm(String(body))),
    );

    if (channels.sms) {
      scope.post('/dev/twilio/2010-04-01/Accounts/:sid/Messages.json', async (request, reply) => {
        const outcome = await twilioCreateMessage(sim, {
          pathSid: String((request.params as { sid?: string }).sid ?? ''),
          authorization: request.headers.authorization,
          form: formOf(request.body),
        });
        if (outcome.kind === 'error') {
          if (outcome.status === 401) reply.header('www-authenticate', 'Basic realm="Twilio API"');
          return reply.status(outcome.status).send(presentTwilioError(outcome.status, outcome.code, outcome.message));
        }
        return reply
          .status(201)
          .send(presentTwilioMessage(outcome.message, outcome.accountSid, outcome.segments, outcome.messagingServiceSid));
      });
    }

    if (channels.whatsapp) {
      scope.post('/dev/graph/v21.0/:phoneNumberId/messages', async (request, reply) => {
        const outcome = await graphSendMessage(sim, {
          phoneNumberId: String((request.params as { phoneNumberId?: string }).phoneNumberId ?? ''),
          authorization: request.headers.authorization,
          body: request.body,
        });
        if (outcome.kind === 'error') {
          if (outcome.status === 401)
            reply.header('www-authenticate', 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"');
          return reply.status(outcome.status).send(presentGraphError(outcome, newFbtraceId()));
        }
        return reply.send(presentGraphAccepted(outcome.input, outcome.waId, outcome.wamid));
      });
    }

    const options = telefoneHelmet(ctx.config);
    const numeroOf = (params: unknown) => simulator.phoneFromPath((params as { numero?: unknown }).numero);
    const notFound = (reply: FastifyReply) => reply.status(404).type(HTML).send(presentPhoneNotFound());

    // The phone's pages are a signed-in user's, for its tenant's rows only (access.ts; docs/simulators.md).
    scope.get('/dev/telefone', options, async (request, reply) => {
      const actor = await requireDevActor(ctx, request, reply);
      if (!actor) return reply;
      const scoped = tenantScope(actor);
      const called = await simulator.visibleCalls(sim, scoped, calls, calls?.numbers() ?? []);
      return reply.type(HTML).send(presentPhoneList(simulator.withCalls(await simulator.listPhones(sim, scoped), called)));
    });

    /** A number's messages and the calls it received, as the actor's tenant may see them. */
    const conversation = async (actor: Actor, numero: string) => {
      const scoped = tenantScope(actor);
      const called = await simulator.visibleCalls(sim, scoped, calls, [numero]);
      return { ...(await simulator.conversation(sim, scoped, numero)), calls: called.get(numero) ?? [], csrf: devCsrfToken(ctx, actor) };
    };

    scope.get('/dev/telefone/:numero', options, async (request, reply) => {
      const actor = await requireDevActor(ctx, request, reply);
      if (!actor) return reply;
      const numero = numeroOf(request.params);
      if (!numero) return notFound(reply);
      const view = await conversation(actor, numero);
      if (!view.messages.length && !view.calls.length) return notFound(reply);
      return reply.type(HTML).send(presentConversation(view));
    });

    // A call's recording, played on the phone page (the simulator's own WAV, as Twilio keeps it).
    scope.get('/dev/telefone/:numero/chamadas/:sid/gravacao', async (request, reply) => {
      const actor = await requireDevActor(ctx, request, reply);
      if (!actor) return reply;
      const numero = numeroOf(request.params);
      const sid = String((request.params as { sid?: unknown }).sid ?? '').slice(0, 64);
      const wav = numero && (await simulator.isCallVisible(sim, tenantScope(actor), sid)) && calls?.recording(numero, sid);
      if (!wav) return notFound(reply);
      return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
    });

    /** After an action: back to the conversation (303), or the conversation with the reason (400). */
    const afterAction = async (reply: FastifyReply, actor: Actor, numero: string, outcome: simulator.PhoneActionOutcome) => {
      if (outcome.ok) return reply.redirect(`/dev/telefone/${numero.slice(1)}`, 303);
      return reply
        .status(outcome.status)
        .type(HTML)
        .send(presentConversation(await conversation(actor, numero), outcome.message));
    };

    /** A phone action: signed in, from the product's own page with its CSRF token (access.ts), on a number of the path. */
    const action =
      (run: (actor: Actor, numero: string, form: Record<string, string>) => Promise<simulator.PhoneActionOutcome>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const actor = await requireDevActor(ctx, request, reply);
        if (!actor) return reply;
        const numero = numeroOf(request.params);
        if (!numero) return notFound(reply);
        return afterAction(reply, actor, numero, await run(actor, numero, formOf(request.body)));
      };

    scope.post(
      '/dev/telefone/:numero/responder',
      options,
      action((actor, numero, form) => simulator.replyFromPhone(sim, actor, numero, { canal: form.canal, texto: form.texto })),
    );
    scope.post(
      '/dev/telefone/:numero/botao',
      options,
      action((actor, numero, form) => simulator.pressButton(sim, actor, numero, { wamid: form.wamid, botao: form.botao })),
    );
    scope.post(
      '/dev/telefone/:numero/ler',
      options,
      action((actor, numero, form) => simulator.readMessage(sim, tenantScope(actor), numero, { wamid: form.wamid })),
    );
  });
}
