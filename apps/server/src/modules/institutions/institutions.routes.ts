import { institutionsResponse } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { loadInstitutions } from './institutions.service.ts';

export function institutionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { contacts } = loadInstitutions(ctx.config.dataDir);
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/contato-instituicoes',
    tag: 'Instituições',
    summary: 'Contatos (SAC e ouvidoria) das instituições oferecidas no Novo AR',
    auth: true,
    response: institutionsResponse,
    handler: async () => contacts,
  });
}
