import { z } from 'zod';

type Json = Record<string, unknown>;

/** A zod contract as the JSON Schema of the OpenAPI document (3.1 speaks JSON Schema 2020-12). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  let js: Json;
  try {
    js = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  } catch {
    return {};
  }
  delete js.$schema;
  return normalize(js) as Json;
}

/**
 * zod writes a record keyed by an enum (`z.record(z.enum([...]), v)`) as `propertyNames` plus a
 * `required` list of keys that no `properties` defines; validators and linters read that as
 * required properties that do not exist. The same object said plainly: one property per key.
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = normalize(v);
  const names = (out.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (
    out.type === 'object' &&
    !out.properties &&
    Array.isArray(names) &&
    out.additionalProperties &&
    typeof out.additionalProperties === 'object'
  ) {
    const value = out.additionalProperties;
    out.properties = Object.fromEntries(names.map((name) => [String(name), value]));
    out.additionalProperties = false;
    delete out.propertyNames;
  }
  return out;
}

/** What every failure answers (http/errors.ts): the Portuguese message, and the request id of an unexpected one. */
const errorSchema = {
  type: 'object',
  description:
    'Falha: a mensagem em português, pronta para mostrar. Algumas respostas trazem campos a mais (por exemplo, os itens recusados de uma lista).',
  properties: {
    message: { type: 'string', description: 'O motivo, em português.' },
    requestId: { type: 'string', description: 'O id da requisição no log do servidor (falhas inesperadas, 500).' },
  },
  required: ['message'],
  additionalProperties: true,
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
});

/** The shared failure answers every operation refers to. */
export const errorResponses = {
  Invalido: errorResponse('Dados inválidos (corpo, consulta ou parâmetro fora do contrato).'),
  NaoAutenticado: errorResponse('Sessão expirada ou ausente, ou chave de API revogada, expirada ou desconhecida.'),
  Proibido: errorResponse('O usuário não pode fazer isto (nível, senha a trocar, recurso desativado).'),
  NaoEncontrado: errorResponse('Não encontrado (inclusive registros de outro cliente, que não são revelados).'),
  ErroInterno: errorResponse('Falha inesperada do servidor (registrada com o requestId) ou componente indisponível (503).'),
} as const;

export const components = {
  schemas: { Erro: errorSchema },
  responses: errorResponses,
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'Authorization: Bearer <token>, com o token de sessão devolvido por POST /v2/login, ou com uma chave de API (ark_…, criada em /integracoes), que age como o seu usuário: mesmo nível, mesma entidade, mesmos créditos. O navegador usa o cookie de sessão do próprio produto.',
    },
  },
} as const;

const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` });

/** The failure answers of one operation: 401 and 403 only where a sign-in is required. */
export function failureResponses(auth: boolean) {
  return {
    '400': ref('Invalido'),
    ...(auth ? { '401': ref('NaoAutenticado'), '403': ref('Proibido') } : {}),
    '404': ref('NaoEncontrado'),
    '5XX': ref('ErroInterno'),
  };
}
