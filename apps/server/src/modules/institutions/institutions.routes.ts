import { institutionContact } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { loadInstitutions } from './institutions.service.ts';

/** The answer: the list of core's institutionContact (the same contract the file is read with). */
const institutionsResponse = z.array(institutionContact);

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
