import type { z } from 'zod';
import { integrationParameters, integrationResponses, integrationWebhooks } from './openapi-integrations.ts';
import { deriveOperationId, OPERATION_ID } from './openapi-operation-id.ts';
import { components, failureResponses, jsonSchema } from './openapi-schema.ts';

export interface Operation {
  method: string;
  url: string;
  summary: string;
  description?: string;
  tag: string;
  auth: boolean;
  /** The name generated clients give the call; derived from the method and path unless given (openapi-operation-id.ts). */
  operationId?: string;
  /** Accepts an Idempotency-Key (http/idempotency.ts). */
  idempotent?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** A multipart/form-data upload: its file field, repeated or not (the route reads the parts itself). */
  upload?: { field: string; multiple: boolean };
}

/**
 * The operations of one app, keyed by the context its routes were declared with (buildApp makes one
 * per app): two apps in one process (tests) each document their own routes.
 */
const registries = new WeakMap<object, Operation[]>();

export function registerOperation(owner: object, op: Operation): void {
  const operations = registries.get(owner) ?? [];
  registries.set(owner, operations);
  if (!operations.some((o) => o.method === op.method && o.url === op.url)) operations.push(op);
}

export function operationsOf(owner: object): readonly Operation[] {
  return registries.get(owner) ?? [];
}

function parametersOf(op: Operation) {
  const declared = (schema: z.ZodType | undefined, where: 'query' | 'path') => {
    if (!schema) return [];
    const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
    return Object.entries(js.properties ?? {}).map(([name, s]) => ({
      name,
      in: where,
      required: where === 'path' || (js.required ?? []).includes(name),
      schema: s,
    }));
  };
  const path = declared(op.params, 'path');
  // A path parameter the route reads without a contract (a fixed word, a tracking pixel's name) is still part of the path.
  for (const [, name] of op.url.matchAll(/:(\w+)/g)) {
    if (!path.some((p) => p.name === name)) path.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return [...path, ...declared(op.query, 'query')];
}

function requestBodyOf(op: Operation) {
  if (op.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    const schema = {
      type: 'object',
      properties: { [op.upload.field]: op.upload.multiple ? { type: 'array', items: file } : file },
      required: [op.upload.field],
    };
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema } } } };
  }
  if (!op.body) return {};
  return { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } };
}

function successOf(op: Operation) {
  return {
    description: 'Sucesso',
    ...(op.response ? { content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } } : {}),
  };
}

/** The operationId of each operation; two operations with one id are a mistake this refuses to document. */
export function operationIds(operations: readonly Operation[]): Map<Operation, string> {
  const ids = new Map<Operation, string>();
  const owners = new Map<string, Operation>();
  for (const op of operations) {
    const id = op.operationId ?? deriveOperationId(op.method, op.url);
    if (!OPERATION_ID.test(id)) throw new Error(`operationId inválido em ${op.method} ${op.url}: ${id}`);
    const other = owners.get(id);
    if (other) throw new Error(`operationId repetido: ${id} em ${other.method} ${other.url} e ${op.method} ${op.url}`);
    owners.set(id, op);
    ids.set(op, id);
  }
  return ids;
}

/**
 * The OpenAPI 3.1 document of every route declared with defineRoute. `serverUrl` is the
 * installation's origin: the paths carry /v2 themselves.
 */
export function openApiDocument(operations: readonly Operation[], serverUrl: string) {
  const ids = operationIds(operations);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = `/v2${op.url.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: ids.get(op),
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      // A public route says so (an empty requirement), rather than leaving the reader to guess.
      security: op.auth ? [{ bearer: [] }] : [],
      parameters: [...parametersOf(op), ...integrationParameters(op)],
      ...requestBodyOf(op),
      responses: { '200': successOf(op), ...failureResponses(op.auth), ...integrationResponses(op) },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AR Online API',
      version: '2',
      description: 'API do serviço de mensagens eletrônicas registradas. Erros respondem { message } em português.',
    },
    servers: [{ url: serverUrl.replace(/\/+$/, '') }],
    components,
    paths,
    webhooks: integrationWebhooks(),
  };
}
