import type { CascadeCondition, LetterAddress, Oficio, TransporteCampos } from '@ar/core';
import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the tables. Each module's migration adds its tables here. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export interface EmpresasTable {
  emp_codigo: Generated<number>;
  emp_nome_fantasia: string;
  emp_razao_social: string | null;
  emp_cnpj: string | null;
  /** The administrator (usu_codigo) whose administration this company belongs to. */
  cod_ger_adm: number | null;
  emp_data_criacao: Generated<Date>;
}

export interface EntidadesTable {
  ent_codigo: Generated<number>;
  ent_uuid: Generated<string>;
  cod_ger_empresa: number;
  ent_razao_social: string | null;
  ent_nome_fantasia: string;
  ent_descricao: string | null;
  ent_cnpj: string | null;
  ent_inscricao_estadual: string | null;
  ent_inscricao_municipal: string | null;
  ent_telefone: string | null;
  ent_telefone2: string | null;
  ent_celular: string | null;
  ent_tipo_plano: Generated<'1' | '2'>;
  ent_from_name_default: string | null;
  ent_from_default: string | null;
  ent_data_criacao: Generated<Date>;
}

export interface UsuariosTable {
  usu_codigo: Generated<number>;
  usu_nome: string;
  usu_login: string;
  usu_senha: string | null;
  usu_nivel: Generated<1 | 2 | 3>;
  usu_status: Generated<'A' | 'L' | 'B'>;
  usu_anexo_obrigatorio: Generated<'S' | 'N'>;
  usu_notificacao_status: Generated<boolean>;
  usu_tipo_plano: Generated<'1' | '2'>;
  usu_integracao: Generated<boolean>;
  /** false forces a password change at the next sign-in (login answers secure: false). */
  usu_secure: Generated<boolean>;
  usu_wooc_id: number | null;
  usu_data_criacao: Generated<Date>;
  usu_pessoa_tipo: 1 | 2 | 3 | null;
  usu_pessoa_data: Json<Record<string, unknown> | null>;
  usu_accounts_aremail: Json<{ accounts: { name: string; email: string; main: boolean }[] } | null>;
  usu_aceita_ar_voz: Generated<boolean>;
  usu_aceita_ar_whatsapp: Generated<boolean>;
  usu_validacao_notificacao: Generated<boolean>;
  usu_visualizar_geolocalizacao: Generated<boolean>;
  usu_limite_anexo: number | null;
  set_envia_email_obrigatorio: Generated<boolean>;
  aceita_remessa: Generated<boolean>;
  cod_ger_adm: number | null;
  cod_ger_empresa: number | null;
  cod_ger_entidade: number | null;
  usu_settings: Json<Record<string, unknown>>;
  /** The user signs in only through the OpenID provider (an administrator's choice). */
  usu_sso_obrigatorio: Generated<boolean>;
  usu_ultimo_acesso: Date | null;
  usu_ultimo_acesso_via: 'senha' | 'sso' | null;
  usu_ultimo_acesso_provedor: string | null;
}

export interface SessoesTable {
  ses_token_hash: string;
  cod_usu: number;
  ses_criado: Generated<Date>;
  ses_expira: Timestamp;
  ses_ip: string | null;
  /** How the session was opened: the password form or the OpenID provider (docs/access.md). */
  ses_via: Generated<'senha' | 'sso'>;
  /** The provider's issuer, for an SSO session. */
  ses_provedor: string | null;
  /** The provider's session id (sid) and subject (sub): what a back-channel logout names. */
  ses_oidc_sid: string | null;
  ses_oidc_sub: string | null;
  /** The ID token, sent back as id_token_hint when the user signs out. */
  ses_id_token: string | null;
}

export interface OidcLogoutJtiTable {
  olj_emissor: string;
  olj_jti: string;
  olj_expira: Timestamp;
}

export interface TokensSenhaTable {
  tok_hash: string;
  cod_usu: number;
  tok_tipo: 'reset' | 'invite';
  tok_criado: Generated<Date>;
  tok_expira: Timestamp;
  tok_usado: Timestamp | null;
}

export interface LimitesTable {
  lim_tipo: string;
  lim_chave: string;
  lim_janela: Date;
  lim_contagem: number;
}

export interface CaixaSaidaTable {
  cai_codigo: Generated<number>;
  cai_message_id: string;
  cai_from: string;
  cai_to: string;
  cai_subject: string;
  cai_html: string | null;
  cai_text: string | null;
  cai_raw: string;
  cai_data: Generated<Date>;
  /** The user the mail was sent for (migration 0039): who sees it in the local mailbox. */
  cai_cod_usu: number | null;
}

/** Scheduled backups' runs (migration 0044, docs/backups.md). */
export interface BackupsTable {
  bkp_codigo: Generated<number>;
  bkp_inicio: Date;
  bkp_fim: Generated<Date>;
  bkp_sucesso: boolean;
  bkp_arquivo: string | null;
  bkp_tamanho: number | null;
  bkp_erro: string | null;
}

/** The evidence audit's runs (migration 0044): counts, breaks (the first 100 kept) or the error that stopped it. */
export interface AuditoriasEvidenciaTable {
  aud_codigo: Generated<number>;
  aud_inicio: Date;
  aud_fim: Generated<Date>;
  aud_mensagens: Generated<number>;
  aud_eventos: Generated<number>;
  aud_carimbos: Generated<number>;
  aud_arquivos: Generated<number>;
  aud_quebras: Generated<number>;
  aud_detalhes: ColumnType<unknown[], string | undefined, string>;
  aud_erro: string | null;
}

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

/** A user's API key: only the SHA-256 of its token is kept (docs/integrations.md). */
export interface ApiChavesTable {
  chv_codigo: Generated<number>;
  cod_usu: number;
  chv_nome: string;
  chv_prefixo: string;
  chv_hash: string;
  chv_criada: Generated<Date>;
  chv_expira: Timestamp | null;
  chv_ultimo_uso: Timestamp | null;
  chv_revogada: Timestamp | null;
}

/** The first answer of a creating POST under (user, Idempotency-Key); idm_status null while it runs. */
export interface IdempotenciaTable {
  cod_usu: number;
  idm_chave: string;
  idm_rota: string;
  idm_hash: string;
  idm_status: number | null;
  idm_corpo: string | null;
  idm_criada: Generated<Date>;
  idm_expira: Timestamp;
}

/** A user's outgoing webhook endpoint (Standard Webhooks). */
export interface WebhooksTable {
  whk_codigo: Generated<number>;
  cod_usu: number;
  whk_url: string;
  whk_eventos: string[];
  whk_segredo: string;
  whk_criado: Generated<Date>;
  whk_ativo: Generated<boolean>;
  whk_falhando_desde: Timestamp | null;
  whk_desativado: Timestamp | null;
}

/** One event for one endpoint: the webhook-id every attempt repeats, and the body. */
export interface WebhookEntregasTable {
  ent_codigo: Generated<string>;
  cod_webhook: number;
  evt_codigo: number;
  ent_msg_id: string;
  ent_tipo: string;
  ent_corpo: string;
  ent_situacao: Generated<'pendente' | 'entregue' | 'falhou'>;
  ent_tentativas: Generated<number>;
  ent_proxima: Timestamp | null;
  ent_criada: Generated<Date>;
}

export interface WebhookTentativasTable {
  ten_codigo: Generated<string>;
  cod_entrega: number;
  ten_data: Timestamp;
  ten_status: number | null;
  ten_erro: string | null;
  ten_duracao_ms: number;
  ten_proxima: Timestamp | null;
}

/** Each SMS or WhatsApp a provider accepted, with the provider's id for it (migration 0022-channels; docs/channels.md). */
/** The steps of a message's channel cascade (migration 0028-cascata, docs/cascade.md). */
export interface CascataEtapasTable {
  cod_email: number;
  eta_ordem: number;
  eta_canal: string;
  eta_condicao: Json<CascadeCondition | null>;
  eta_situacao: Generated<string>;
  eta_desde: Timestamp | null;
  eta_prazo: Timestamp | null;
  eta_decidida: Timestamp | null;
  eta_motivo: string | null;
  eta_creditos: Generated<number>;
}

/** AR-Carta's letters (migration 0027-cartas): the PDF, the provider's id, the S10 code, the digital AR. */
export interface CartasTable {
  cod_email: number;
  pdf_chave: string;
  pdf_sha256: string;
  paginas: number;
  provedor: string | null;
  id_provedor: string | null;
  rastreio: string | null;
  ar_chave: string | null;
  ar_sha256: string | null;
  ar_tipo: string | null;
  criado: Generated<Date>;
  /** When the tracking sweep last asked the provider (migration 0036). */
  consultado: Date | null;
}

/** AR-Voz: each call placed, one per try (migration 0024, docs/voice.md). */
export interface VozChamadasTable {
  call_sid: string;
  cod_email: number;
  tentativa: number;
  provedor: string;
  numero: string;
  status: Generated<string>;
  resposta: Json<unknown>;
  criado: Generated<Date>;
}

export interface MensagensProvedorTable {
  cod_email: number;
  canal: 'sms' | 'whatsapp';
  provedor: 'twilio' | 'meta' | 'zenvia';
  id_provedor: string;
  /** The number called, E.164. */
  numero: string;
  /** The provider's answer to the send, as given. */
  resposta: Json<unknown>;
  criado: Generated<Date>;
}

/** Each provider event applied, by the provider's key for it: a callback delivered twice is recorded once (migration 0022-channels). */
export interface ProvedorEventosTable {
  /** 'carta': a letter provider's tracking events (migration 0027-cartas). */
  provedor: 'twilio' | 'meta' | 'zenvia' | 'carta';
  chave: string;
  cod_email: number;
  recebido: Generated<Date>;
}

/**
 * A reply naming no message that matched open messages of more than one tenant (migration 0038;
 * docs/channels.md, "Respostas sem referência"). Its text and payload are never shown through the API.
 */
export interface RespostasSemDestinoTable {
  rsd_codigo: Generated<number>;
  rsd_canal: 'sms' | 'whatsapp';
  rsd_provedor: 'twilio' | 'meta' | 'zenvia';
  /** The provider's key of the event (a redelivery is kept once). */
  rsd_chave: string;
  /** Who wrote, E.164. */
  rsd_numero: string;
  rsd_tipo: 'answered' | 'acknowledged';
  rsd_texto: string;
  rsd_payload: Json<unknown>;
  /** The reference the reply gave (WhatsApp's context.id) when it named no message of ours. */
  rsd_referencia: string | null;
  rsd_ocorrido: Timestamp;
  rsd_recebido: Generated<Date>;
  cod_aviso: number | null;
}

/** The notice sent once per number and ambiguity asking the recipient to answer through the link (migration 0038). */
export interface RespostasAvisosTable {
  avi_codigo: Generated<number>;
  /** SHA-256 of the channel, the number and the candidate messages. */
  avi_ambiguidade: string;
  avi_canal: 'sms' | 'whatsapp';
  avi_provedor: 'twilio' | 'meta' | 'zenvia';
  avi_numero: string;
  avi_situacao: Generated<'pendente' | 'enviado' | 'falhou'>;
  avi_id_provedor: string | null;
  avi_erro: string | null;
  avi_criado: Generated<Date>;
  avi_enviado: Timestamp | null;
}

/** A user's stored notifications (migration 0018-notifications; docs/realtime.md). */
export interface NotificacoesTable {
  not_codigo: Generated<number>;
  cod_usu: number;
  /** 1 proofs (comprovante), 2 e-mail, 3 SMS, 4 WhatsApp (@ar/core NOTIFICATION_SECTORS). */
  not_setor: 1 | 2 | 3 | 4;
  not_tipo: string;
  not_referencia: string | null;
  not_texto: string;
  not_data: Generated<Date>;
  /** When the user cleared it; null while unread. */
  not_lida_em: Date | null;
}

/** Plans and the credit ledger (migration 0004-plans; see docs/plans.md). */
export interface PlanosTable {
  pla_codigo: Generated<number>;
  pla_tipo_plano: '1' | '2';
  pla_nivel: 1 | 2;
  pla_codigo_usu_ent: number;
  pla_total_credito: Generated<number>;
  pla_ativo: Generated<0 | 1>;
  pla_dia_referencia: Generated<number>;
  pla_data_criacao: Generated<Date>;
}

export interface LogCreditosTable {
  log_codigo: Generated<number>;
  log_pedido_id: number;
  log_creditos: Json<Record<string, unknown>>;
  log_status: string;
  log_quantidade: Generated<number>;
  cod_usu: number | null;
  cod_plano: number | null;
  log_creditado_em: Timestamp | null;
  log_data: Generated<Date>;
  log_atualizado: Generated<Date>;
}

export interface PlanoMovimentosTable {
  mov_codigo: Generated<number>;
  cod_plano: number;
  mov_tipo: 'compra' | 'ajuste' | 'debito' | 'estorno';
  mov_creditos: number;
  mov_saldo_apos: number;
  cod_usu_autor: number | null;
  mov_motivo: string;
  mov_referencia: string | null;
  cod_log: number | null;
  mov_data: Generated<Date>;
}

/** Registries (migration 0003-registries; see docs/registries.md). Each row belongs to one user. */
export interface EtiquetasTable {
  eti_codigo: Generated<number>;
  cod_usu: number;
  eti_nome: string;
  eti_cor: string;
  eti_data_criacao: Generated<Date>;
}

export interface LeadsTable {
  lea_codigo: Generated<number>;
  cod_usu: number;
  lea_nome: string;
  lea_email: string;
  lea_sobrenome: string | null;
  lea_cpf: string | null;
  lea_telefone: string | null;
  lea_celular: string | null;
  lea_endereco: string | null;
  lea_cidade: string | null;
  lea_estado: string | null;
  lea_cep: string | null;
  /** A date column; read it with to_char (see leads.queries.ts) so no time zone shifts it. */
  lea_nascimento: ColumnType<string | null, string | null, string | null>;
  lea_profissao: string | null;
  lea_estado_civil: string | null;
  lea_cnpj: string | null;
  lea_fantasia: string | null;
  lea_razao_social: string | null;
  lea_inscricao_estadual: string | null;
  lea_sexo: string | null;
  lea_custom_field: Json<{ data: { id: string; value: string; description: string; href: string }[] }>;
  lea_data_criacao: Generated<Date>;
}

export interface ModelosTable {
  mod_codigo: Generated<number>;
  cod_usu: number;
  mod_name: string;
  mod_subject: string;
  mod_content: Generated<string>;
  mod_enable: Generated<boolean>;
  mod_data_criacao: Generated<Date>;
}

export interface WhitelistTable {
  whi_codigo: Generated<number>;
  cod_usu: number;
  whi_email: string;
  whi_data_criacao: Generated<Date>;
}

export interface RemetentesTable {
  sen_codigo: Generated<number>;
  cod_usu_usuario: number;
  sen_nome: string;
  sen_data_criacao: Generated<Date>;
}

/** AR messages and their evidence (migration 0005-emails). */
export interface AnexosTable {
  ane_codigo: Generated<number>;
  ane_uuid: Generated<string>;
  cod_usu: number;
  ane_nome_original: string;
  ane_mime: string;
  ane_tamanho: number;
  ane_sha256: string;
  ane_chave: string;
  ane_data_criacao: Generated<Date>;
}

export interface EmailAttachmentRef {
  uuidFilename: string;
  originalFilename: string;
  mime: string;
  size: number;
  sha256: string;
  pathS3: string;
}

export interface EmailsTable {
  ema_uni_codigo: Generated<number>;
  ema_uni_id: Generated<string>;
  cod_usu: number;
  cod_ger_entidade: number | null;
  ema_uni_envio: string;
  ema_uni_origem: Generated<string>;
  ema_uni_name_from: string;
  ema_uni_from: string;
  ema_uni_name_to: string;
  ema_uni_to: string | null;
  ema_uni_subject: string;
  ema_uni_content: string;
  ema_uni_content_sha256: string;
  ema_uni_identificacao: Generated<string>;
  ema_uni_sms: Json<{ number: string; messageContent: string } | null>;
  ema_uni_whatsapp: Json<{ numberReceived: string; content: string } | null>;
  /** AR-Voz: the number called (E.164) and the name given (migration 0024); not part of the message hash (docs/voice.md). */
  ema_uni_voz: Json<{ numberTo: string; name: string | null } | null>;
  ema_uni_attachments: Json<{ attachments: EmailAttachmentRef[] }>;
  ema_verif_pergunta: string | null;
  ema_verif_resposta: string | null;
  cod_ger_modelo: number | null;
  cod_lead: number | null;
  ema_uni_cod_email_reply: number | null;
  ema_uni_cod_email_reply_base: number | null;
  ema_uni_creditos: Generated<number>;
  ema_uni_data_criacao: Generated<Date>;
  ema_status_email: string | null;
  ema_status_sms: string | null;
  ema_status_whatsapp: string | null;
  ema_status_voz: string | null;
  /** AR-Carta (migration 0027-cartas): the address the letter went to, its status and statuses reached. */
  ema_uni_carta: Json<LetterAddress | null>;
  ema_status_carta: string | null;
  ema_alcance_carta: Generated<number>;
  /** The statuses each channel has reached, one bit each (REACHED_BITS; migration 0015). */
  ema_alcance_email: Generated<number>;
  ema_alcance_sms: Generated<number>;
  ema_alcance_whatsapp: Generated<number>;
  ema_alcance_voz: Generated<number>;
  ema_uni_busca: Generated<string>;
  /** SHA-256 of what was sent (evidence/canonical.ts), fixed with the first event (migration 0007). */
  ema_uni_hash: string | null;
  /** The legal notice's fields (@ar/core Oficio), null for other messages (migration 0013-emails-oficio). */
  ema_uni_oficio: Json<Oficio | null>;
}

export interface EmailEtiquetasTable {
  cod_email: number;
  cod_etiqueta: number;
}

export interface EmailLinksTable {
  lnk_uuid: Generated<string>;
  cod_email: number;
  lnk_url: string;
}

export interface EmailEventosTable {
  evt_codigo: Generated<number>;
  cod_email: number;
  evt_canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';
  evt_tipo: string;
  evt_data: Generated<Date>;
  evt_ip: string | null;
  evt_user_agent: string | null;
  evt_detalhes: Json<Record<string, unknown>>;
  /** Evidence (migration 0007-evidence; docs/evidence.md): position in the message's chain, place, hashes. */
  evt_seq: number;
  evt_cidade: string | null;
  evt_estado: string | null;
  evt_pais: string | null;
  evt_lat: number | null;
  evt_lng: number | null;
  evt_hash_anterior: string;
  evt_hash: string;
}

/** RFC 3161 time stamps of events (migration 0007-evidence). Append-only. */
export interface EmailCarimbosTable {
  car_codigo: Generated<number>;
  evt_codigo: number;
  car_token: Uint8Array;
  car_token_sha256: string;
  car_serial: string;
  car_gen_time: Timestamp;
  car_tsa: string;
  car_tsa_url: string | null;
  car_data: Generated<Date>;
}

/** The operator's blacklist of recipients (migration 0008-blacklist; docs/emails.md). */
export interface BlacklistTable {
  bla_codigo: Generated<number>;
  bla_tipo: 'email' | 'dominio';
  /** Lower case: a whole address, or a domain (which also covers its subdomains). */
  bla_valor: string;
  bla_motivo: string;
  bla_data_criacao: Generated<Date>;
}

/** Messages received by inbound SMTP, each tied to the AR-Email it answers (migration 0009-received; docs/inbound.md). */
export interface EmailsRecebidosTable {
  rec_codigo: Generated<number>;
  rec_uuid: Generated<string>;
  cod_usu: number;
  cod_email_reply_base: number;
  rec_from: string;
  rec_name_from: Generated<string>;
  rec_to: string;
  rec_envelope_from: Generated<string>;
  rec_subject: Generated<string>;
  /** HTML sanitised for display (inbound/sanitize-received.ts). */
  rec_content: Generated<string>;
  rec_text: Generated<string>;
  rec_message_id: string | null;
  rec_in_reply_to: string | null;
  rec_references: string | null;
  rec_attachments: Json<{ attachments: ReceivedAttachmentRef[] }>;
  /** An automatic answer (Auto-Submitted): kept, but not an 'answered' event. */
  rec_automatica: Generated<boolean>;
  rec_data_criacao: Timestamp;
  rec_data_recebimento: Generated<Date>;
  rec_data_visualizacao: Date | null;
  rec_visualizacao: Json<Record<string, unknown> | null>;
  rec_ip: string | null;
  rec_tamanho: number;
  rec_sha256: string;
  rec_eml_chave: string;
  rec_busca: Generated<string>;
}

export interface ReceivedAttachmentRef {
  originalFilename: string;
  uuidFilename: string;
  pathS3: string;
  mime: string;
  size: number;
  sha256: string;
}

/** Sending proofs and expert reports handed out, and by whom (migration 0010-proofs). Append-only. */
export interface EmailDocumentosTable {
  doc_codigo: Generated<number>;
  cod_email: number;
  cod_usu: number;
  doc_tipo: 'comprovante' | 'laudo' | 'comprovante-lote';
  /** The bulk proof a single proof went into (migration 0019-bulk-proofs). */
  cod_comprovante: number | null;
  doc_usuario_nome: string;
  doc_usuario_login: string;
  doc_nome_informado: string | null;
  doc_email_informado: string | null;
  doc_ip: string | null;
  doc_user_agent: string | null;
  doc_sha256: string;
  doc_data: Generated<Date>;
}

/** Batch files and their lines (migration 0020-remessas, docs/remessas.md). */
export interface RemessasTable {
  rem_codigo: Generated<number>;
  cod_usu: number;
  rem_uuid: string;
  rem_nome: string;
  rem_sha256: string;
  rem_arquivo: string | null;
  rem_tamanho: Generated<number>;
  rem_status_processamento: Generated<string>;
  rem_quantidade_registros: Generated<number>;
  rem_cabecalho: Json<string[]> | null;
  rem_enfileiradas: Generated<number>;
  rem_falhas: Generated<number>;
  tipo_falha: string | null;
  motivo_falha: string | null;
  rem_origem: number | null;
  rem_data_criacao: Generated<Date>;
  rem_data_processamento: Generated<Date>;
}

export interface RemessaLinhasTable {
  rem_codigo: number;
  lin_numero: number;
  lin_dados: Json<string[]>;
  /** 'valida' (waiting for its message), 'enviada' (its message made: cod_email) or 'falha'. */
  lin_status: 'valida' | 'enviada' | 'falha';
  tipo_falha: string | null;
  lin_motivo: string | null;
  cod_email: number | null;
}

/**
 * The dashboard's counts per Brasília day, user, channel and tag (0: every message), kept by the
 * database's triggers in the transaction of each change (migration 0017-dashboard-counts; docs/dashboard.md).
 */
export interface DashboardContagemTable {
  cod_usu: number;
  cod_etiqueta: number;
  /** A date column; read it with to_char so no time zone shifts it. */
  dia: ColumnType<string, string, string>;
  canal: 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';
  enviados: number;
  entregues: number;
  lidos: number;
  recebidos: number;
}

/** Bulk proofs of a period (migration 0019-bulk-proofs; docs/reports.md). */
export interface ComprovantesTable {
  comp_codigo: Generated<number>;
  comp_cod_referencia: Generated<string>;
  cod_usu: number;
  comp_payload: Json<{
    payload: {
      nameProof: string;
      startDate: string;
      finalDate: string;
      filter: { channels: ('email' | 'sms' | 'whatsapp')[]; status: number[] };
    };
  }>;
  comp_status: Generated<'processando' | 'pronto' | 'falha'>;
  comp_formato: 'pdf' | 'zip';
  comp_periodo_inicio: Timestamp;
  comp_periodo_fim: Timestamp;
  comp_ultimo_email: number;
  comp_total: number;
  comp_feitos: Generated<number>;
  comp_cursor: Generated<number>;
  comp_chave: string | null;
  comp_tamanho: ColumnType<string | null, number | null | undefined, number | null>;
  comp_sha256: string | null;
  comp_erro: string | null;
  comp_data_criacao: Generated<Date>;
  comp_data_conclusao: Timestamp | null;
  comp_data_expiracao: Timestamp | null;
  comp_data_remocao: Timestamp | null;
}

/** Data transports of the Gerar Remessas page (migration 0021-transporte-dados; docs/gerar-remessas.md). */
export interface RemessaTransportesTable {
  rem_trans_codigo: Generated<number>;
  cod_usu: number;
  rem_trans_nome: string;
  rem_trans_campos: Json<TransporteCampos>;
  rem_trans_data_criacao: Generated<Date>;
  rem_trans_data_atualizacao: Generated<Date>;
}

/** The provider simulator's phone: every simulated message both ways (migration 0023-simulador-telefone; docs/channels.md). */
export interface SimuladorMensagensTable {
  sim_codigo: Generated<number>;
  sim_provedor: 'twilio' | 'meta';
  sim_id_provedor: string;
  /** saida: product → phone; entrada: phone → product. */
  sim_direcao: 'saida' | 'entrada';
  sim_canal: 'sms' | 'whatsapp';
  /** The simulated phone's number, E.164. */
  sim_numero: string;
  sim_de: string;
  sim_corpo: string;
  /** WhatsApp: the template as sent ({ name, language, components }), or a button reply's payload. */
  sim_parametros: Json<Record<string, unknown> | null>;
  /** An inbound WhatsApp message's context.id (the wamid it answers). */
  sim_contexto: string | null;
  sim_status_callback: string | null;
  sim_status: string;
  sim_erro: number | null;
  sim_criado: Generated<Date>;
  sim_atualizado: Generated<Date>;
  /** An inbound message's author: the signed-in user who typed it on the phone (migration 0039). */
  sim_cod_usu: number | null;
}
