import { messageStatusWebhook } from '@ar/core';
import { z } from 'zod';

/**
 * What the integration surface adds to each operation of the OpenAPI document (docs/integrations.md):
 * the `Idempotency-Key` header of the creating POSTs with its 409/422 answers, the 429 of the API
 * keys' rate limit with its headers, and the document's `webhooks` (the `mensagem.status` POST a
 * registered endpoint receives, with the Standard Webhooks headers).
 */
interface IntegrationOperation {
  auth: boolean;
  idempotent?: boolean;
}

/** A failure's body: the document's shared `Erro` ({ message } in Portuguese). */
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erro' } } },
});
const header = (description: string, schema: Record<string, unknown> = { type: 'integer' }) => ({ description, schema });

export function integrationParameters(op: IntegrationOperation) {
  if (!op.idempotent) return [];
  return [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Chave única da operação (ex. um UUID), guardada por 24 h por usuário: repetir a requisição com a mesma chave e o mesmo corpo devolve a mesma resposta sem criar nada de novo (cabeçalho Idempotent-Replayed: true).',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  ];
}

export function integrationResponses(op: IntegrationOperation) {
  return {
    ...(op.idempotent
      ? {
          '409': failure('Uma requisição com a mesma Idempotency-Key ainda está em andamento.'),
          '422': failure('A Idempotency-Key já foi usada com outro corpo.'),
        }
      : {}),
    ...(op.auth
      ? {
          '429': {
            ...failure('Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido.'),
            headers: {
              'Retry-After': header('Segundos até poder tentar de novo'),
              'RateLimit-Limit': header('Requisições permitidas por minuto para a chave'),
              'RateLimit-Remaining': header('Requisições que ainda restam na janela'),
              'RateLimit-Reset': header('Segundos até a janela recomeçar'),
              'RateLimit-Policy': header('A política, ex. 600;w=60', { type: 'string' }),
            },
          },
        }
      : {}),
  };
}

/** OpenAPI 3.1 `webhooks`: what AR Online POSTs to a registered endpoint. */
export function integrationWebhooks() {
  const signed = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return {
    'mensagem.status': {
      post: {
        operationId: 'mensagemStatus',
        summary: 'Mudança de status de um canal de uma mensagem (Standard Webhooks)',
        // The receiver authenticates the call by its signature (webhook-signature), not by a bearer token.
        security: [],
        description:
          'Assinado como manda a especificação Standard Webhooks: verifique com a biblioteca standardwebhooks e o segredo whsec_… do endpoint. Respostas fora de 2xx, ou sem resposta em 10 s, são tentadas de novo após 5 s, 5 min, 30 min, 2 h, 5 h, 10 h e 10 h, com o mesmo webhook-id.',
        parameters: [
          signed('webhook-id', 'Identificador da entrega, o mesmo em todas as tentativas (use-o para descartar repetições)'),
          signed('webhook-timestamp', 'Segundos desde 1970-01-01 UTC da tentativa'),
          signed('webhook-signature', 'v1,<base64 do HMAC-SHA256 de "id.timestamp.corpo" com o segredo>'),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(messageStatusWebhook, { io: 'output', unrepresentable: 'any' }) } },
        },
        responses: { '200': { description: 'Recebido (qualquer 2xx)' } },
      },
    },
  };
}
