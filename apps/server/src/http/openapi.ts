import { z } from 'zod';
import { integrationParameters, integrationResponses, integrationWebhooks } from './openapi-integrations.ts';

interface Operation {
  method: string;
  url: string;
  summary: string;
  description?: string;
  tag: string;
  auth: boolean;
  idempotent?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
}

const operations: Operation[] = [];

export function registerOperation(op: Operation): void {
  if (!operations.some((o) => o.method === op.method && o.url === op.url)) operations.push(op);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3.1 document of every route declared with defineRoute. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = `/v2${op.url.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      // A public route says so (an empty requirement), rather than leaving the reader to guess.
      security: op.auth ? [{ bearer: [] }] : [],
      parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query'), ...integrationParameters(op)],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      responses: {
        '200': {
          description: 'Sucesso',
          ...(op.response ? { content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } } : {}),
        },
        '400': { description: 'Dados inválidos: { message }' },
        ...(op.auth ? { '401': { description: 'Sessão expirada ou ausente: { message }' } } : {}),
        '404': { description: 'Não encontrado (inclusive registros de outro cliente): { message }' },
        ...integrationResponses(op),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AR Online API',
      version: '2',
      description: 'API do serviço de mensagens eletrônicas registradas. Erros respondem { message } em português.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
    webhooks: integrationWebhooks(),
  };
}
