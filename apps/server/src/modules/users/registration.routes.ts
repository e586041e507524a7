import {
  checkEmailQuery,
  checkEmailResponse,
  confirmRegistrationBody,
  entityUuidParam,
  inviteLookupSchema,
  messageResponse,
  registrationBody,
  SIGNUP_MSG,
  tokenParam,
} from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import * as registration from './registration.service.ts';
import { presentInvite } from './users.presenter.ts';

const entityUuidPath = z.object({ entityUuid: entityUuidParam.shape.uuid });

/** Sign-up by invitation, registration confirmation and the e-mail check: public calls. */
export function registrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tag = 'Cadastro';

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios/check-email',
    tag,
    summary: 'Se o e-mail já é o login de alguém (responde true ou false)',
    auth: false,
    query: checkEmailQuery,
    response: checkEmailResponse,
    handler: ({ query, request }) => registration.emailExists(ctx, query.email, request.ip),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/usuarios/registration/:entityUuid',
    tag,
    summary: 'Cadastro pelo link da entidade (Física, Jurídica ou Poder Judiciário); envia o convite de ativação',
    auth: false,
    params: entityUuidPath,
    body: registrationBody,
    response: messageResponse,
    handler: async ({ params, body, request, reply }) => {
      await registration.signUp(ctx, params.entityUuid, body, request.ip);
      reply.status(201);
      return { message: SIGNUP_MSG.signedUp };
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/usuarios/confirm-registration/:token',
    tag,
    summary: 'Validar o convite: responde usu_nome e usu_codigo',
    auth: false,
    params: tokenParam,
    response: inviteLookupSchema,
    handler: async ({ params }) => presentInvite(await registration.lookupInvite(ctx, params.token)),
  });

  defineRoute(app, ctx, {
    method: 'PUT',
    url: '/usuarios/confirm-registration/:token',
    tag,
    summary: 'Confirmar o cadastro com nome e senha (uso único); o usuário passa a L',
    auth: false,
    params: tokenParam,
    body: confirmRegistrationBody,
    response: messageResponse,
    handler: async ({ params, body }) => {
      await registration.confirmRegistration(ctx, params.token, body);
      return { message: SIGNUP_MSG.confirmed };
    },
  });
}
