import type { Generated } from 'kysely';
import type {
  ComprovantesTable,
  DashboardContagemTable,
  RemessaLinhasTable,
  RemessasTable,
  RemessaTransportesTable,
} from './schema-batches.ts';
import type {
  CartasTable,
  CascataEtapasTable,
  MensagensProvedorTable,
  ProvedorEventosTable,
  RespostasAvisosTable,
  RespostasSemDestinoTable,
  SimuladorMensagensTable,
  VozChamadasTable,
} from './schema-channels.ts';
import type {
  ApiChavesTable,
  IdempotenciaTable,
  WebhookEntregasTable,
  WebhooksTable,
  WebhookTentativasTable,
} from './schema-integrations.ts';
import type {
  AnexosTable,
  BlacklistTable,
  EmailCarimbosTable,
  EmailDocumentosTable,
  EmailEtiquetasTable,
  EmailEventosTable,
  EmailLinksTable,
  EmailsRecebidosTable,
  EmailsTable,
} from './schema-messages.ts';
import type { AuditoriasEvidenciaTable, BackupsTable, CaixaSaidaTable } from './schema-operations.ts';
import type {
  EmpresasTable,
  EntidadesTable,
  LimitesTable,
  OidcLogoutJtiTable,
  SessoesTable,
  TokensSenhaTable,
  UsuariosTable,
} from './schema-people.ts';
import type {
  EtiquetasTable,
  LeadsTable,
  LogCreditosTable,
  ModelosTable,
  NotificacoesTable,
  PlanoMovimentosTable,
  PlanosTable,
  RemetentesTable,
  WhitelistTable,
} from './schema-registries.ts';

export type * from './schema-batches.ts';
export type * from './schema-channels.ts';
export type * from './schema-integrations.ts';
export type * from './schema-messages.ts';
export type * from './schema-operations.ts';
export type * from './schema-people.ts';
export type * from './schema-registries.ts';

/**
 * Kysely types of the tables, one file per domain (schema-<domain>.ts); a migration that adds a
 * table adds its type to its domain's file and its line here.
 */
export interface DB {
  backups: BackupsTable;
  auditorias_evidencia: AuditoriasEvidenciaTable;
  empresas: EmpresasTable;
  entidades: EntidadesTable;
  usuarios: UsuariosTable;
  sessoes: SessoesTable;
  oidc_logout_jti: OidcLogoutJtiTable;
  tokens_senha: TokensSenhaTable;
  limites: LimitesTable;
  caixa_saida: CaixaSaidaTable;
  simulador_mensagens: SimuladorMensagensTable;
  etiquetas: EtiquetasTable;
  leads: LeadsTable;
  modelos: ModelosTable;
  whitelist: WhitelistTable;
  remetentes: RemetentesTable;
  planos: PlanosTable;
  log_creditos: LogCreditosTable;
  plano_movimentos: PlanoMovimentosTable;
  anexos: AnexosTable;
  emails: EmailsTable;
  email_etiquetas: EmailEtiquetasTable;
  email_links: EmailLinksTable;
  email_aceites: { cod_email: number; ace_detalhes: Record<string, unknown>; ace_data: Generated<Date> };
  email_eventos: EmailEventosTable;
  email_carimbos: EmailCarimbosTable;
  /** The head of each message's evidence chain, kept by a trigger on email_eventos (migration 0037-evidence-chain-head). Only moves forward. */
  email_cadeias: { cod_email: number; cad_seq: number; cad_hash: string };
  emails_contagem: { cod_usu: number; total: number; versao: Generated<string> };
  blacklist: BlacklistTable;
  emails_recebidos: EmailsRecebidosTable;
  email_documentos: EmailDocumentosTable;
  remessas: RemessasTable;
  remessa_linhas: RemessaLinhasTable;
  comprovantes: ComprovantesTable;
  notificacoes: NotificacoesTable;
  dashboard_contagem: DashboardContagemTable;
  remessa_transportes: RemessaTransportesTable;
  mensagens_provedor: MensagensProvedorTable;
  cartas: CartasTable;
  cascatas: { cod_email: number; cas_modelo: string; cas_criada: Generated<Date> };
  cascata_etapas: CascataEtapasTable;
  voz_chamadas: VozChamadasTable;
  provedor_eventos: ProvedorEventosTable;
  respostas_sem_destino: RespostasSemDestinoTable;
  respostas_sem_destino_mensagens: { cod_resposta: number; cod_email: number };
  respostas_avisos: RespostasAvisosTable;
  /** Integrations (migration 0042-integracoes, docs/integrations.md). */
  api_chaves: ApiChavesTable;
  idempotencia: IdempotenciaTable;
  webhooks: WebhooksTable;
  webhook_entregas: WebhookEntregasTable;
  webhook_tentativas: WebhookTentativasTable;
}
