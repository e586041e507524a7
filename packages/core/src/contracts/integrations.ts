import { z } from '../zod.ts';
import { dbId, listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import { CHANNELS, STATUS_TYPES } from './statuses.ts';

/**
 * The integration surface (docs/integrations.md): API keys, Idempotency-Key, outgoing webhooks
 * (Standard Webhooks) and their delivery log.
 */

export const INTEGRATION_MSG = {
  keyUnknown: 'Chave de API inválida ou desconhecida.',
  keyRevoked: 'Chave de API revogada: crie uma nova em Integrações.',
  keyExpired: 'Chave de API expirada: crie uma nova em Integrações.',
  keyCreated: 'Chave criada. Copie-a agora: ela não será mostrada de novo.',
  keyRevokedOk: 'Chave revogada com sucesso!',
  keyNameRequired: 'Informe o nome da chave.',
  keyNameTooLong: 'O nome da chave deve ter no máximo 80 caracteres.',
  keyExpiryPast: 'A data de expiração deve estar no futuro.',
  keyExpiryInvalid: 'Data de expiração inválida: use ISO 8601 com fuso, ex. 2027-12-31T23:59:59-03:00.',
  rateLimited: (seconds: number) => `Limite de requisições da chave de API atingido. Tente novamente em ${seconds} s.`,
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis (ex. um UUID).',
  idempotencyMismatch: 'Esta Idempotency-Key já foi usada com outro conteúdo. Use uma chave nova para outra requisição.',
  idempotencyRunning: 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
  webhookUrlInvalid: 'URL inválida: use http:// ou https:// com um endereço público.',
  webhookUrlPrivate:
    'URL recusada: o endereço resolve para uma rede local, privada ou de metadados. Use um endereço público acessível pela internet.',
  webhookUrlUnresolved: 'URL recusada: não foi possível resolver o nome do servidor.',
  webhookCreated: 'Endpoint criado. Copie o segredo agora: ele não será mostrado de novo.',
  webhookRemoved: 'Endpoint removido com sucesso!',
  webhookEventInvalid: 'Evento inválido: use mensagem.status.',
  webhookResent: 'Reenvio agendado.',
  webhookDisabledSubject: 'Endpoint de webhook desativado',
} as const;

/** The kind of the notification an owner gets when an endpoint failing for 5 days is disabled (it leads to /integracoes). */
export const WEBHOOK_DISABLED_KIND = 'webhook-desativado';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['mensagem.status'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The readable start of every API key's token. */
export const API_KEY_PREFIX = 'ark_';
/** The start of every webhook secret (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** An instant with its zone (ISO 8601 with offset or Z), as every time of this API is written. */
const zonedInstant = z.iso.datetime({ offset: true });

export const apiKeyBody = z.object({
  nome: z
    .string({ error: INTEGRATION_MSG.keyNameRequired })
    .trim()
    .min(1, INTEGRATION_MSG.keyNameRequired)
    .max(80, INTEGRATION_MSG.keyNameTooLong),
  expiraEm: z
    .string({ error: INTEGRATION_MSG.keyExpiryInvalid })
    .pipe(z.iso.datetime({ offset: true, error: INTEGRATION_MSG.keyExpiryInvalid }))
    .refine((v) => new Date(v).getTime() > Date.now(), INTEGRATION_MSG.keyExpiryPast)
    .nullish(),
});
export type ApiKeyBody = z.input<typeof apiKeyBody>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  prefixo: z.string(),
  criadaEm: zonedInstant,
  expiraEm: zonedInstant.nullable(),
  ultimoUsoEm: zonedInstant.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /integracoes/chaves: the token is in this answer only. */
export const apiKeyCreatedResponse = apiKeySchema.omit({ ultimoUsoEm: true }).extend({ token: z.string(), message: z.string() });
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponse>;
export const apiKeyListResponse = z.object({ chaves: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;

export const webhookBody = z.object({
  url: z
    .string({ error: INTEGRATION_MSG.webhookUrlInvalid })
    .trim()
    .max(2000, INTEGRATION_MSG.webhookUrlInvalid)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, INTEGRATION_MSG.webhookUrlInvalid),
  eventos: z
    .array(z.enum(WEBHOOK_EVENTS, { error: INTEGRATION_MSG.webhookEventInvalid }))
    .min(1, INTEGRATION_MSG.webhookEventInvalid)
    .max(WEBHOOK_EVENTS.length)
    .optional(),
});
export type WebhookBody = z.input<typeof webhookBody>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventos: z.array(z.string()),
  ativo: z.boolean(),
  criadoEm: zonedInstant,
  /** Since when every attempt failed (null: the last one went through); 5 days of it disable the endpoint. */
  falhandoDesde: zonedInstant.nullable(),
  desativadoEm: zonedInstant.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** POST /integracoes/webhooks: the secret is in this answer only. */
export const webhookCreatedResponse = webhookSchema.extend({ segredo: z.string(), message: z.string() });
export type WebhookCreatedResponse = z.infer<typeof webhookCreatedResponse>;
export const webhookListResponse = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

export const webhookDeliveryParams = z.object({ id: dbId(), entregaId: dbId() });
export const webhookDeliveryQuery = listQuerySchema({
  columns: ['ent_codigo'] as const,
  defaultColumn: 'ent_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 25,
  maxLimit: 100,
});

export const DELIVERY_STATES = ['pendente', 'entregue', 'falhou'] as const;
export const DELIVERY_STATE_LABELS: Record<(typeof DELIVERY_STATES)[number], string> = {
  pendente: 'Pendente',
  entregue: 'Entregue',
  falhou: 'Falhou',
};

export const webhookAttemptSchema = z.object({
  em: zonedInstant,
  /** The receiver's HTTP status; null when there was none (timeout, refused connection). */
  status: z.number().int().nullable(),
  duracaoMs: z.number().int(),
  erro: z.string().nullable(),
  proximaTentativa: zonedInstant.nullable(),
});
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.string(),
  tipo: z.string(),
  situacao: z.enum(DELIVERY_STATES),
  criadaEm: zonedInstant,
  proximaTentativa: zonedInstant.nullable(),
  /** The body as posted (JSON text), the same on every attempt. */
  corpo: z.string(),
  tentativas: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListResponse = pagedResponse('entregas', webhookDeliverySchema);
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponse>;
export const webhookResendResponse = messageResponse;

/** The body of every `mensagem.status` webhook (OpenAPI `webhooks`, docs/integrations.md). */
export const messageStatusWebhook = z.object({
  type: z.literal('mensagem.status'),
  timestamp: zonedInstant,
  data: z.object({
    protocolo: z.string().describe('Protocolo da mensagem (UUID)'),
    codigo: z.number().int().describe('Código da mensagem'),
    identificacao: z.string().describe('Identificação dada pelo remetente'),
    canal: z.enum(CHANNELS),
    destinatario: z.string().describe('E-mail, telefone ou nome do destinatário nesse canal'),
    status: z.enum(STATUS_TYPES),
    ocorridoEm: zonedInstant,
    evento: z.object({
      sequencia: z.number().int().describe('Posição do evento na cadeia de evidências da mensagem'),
      hash: z.string().describe('SHA-256 do evento encadeado (o mesmo do laudo)'),
    }),
  }),
});
export type MessageStatusWebhook = z.infer<typeof messageStatusWebhook>;
