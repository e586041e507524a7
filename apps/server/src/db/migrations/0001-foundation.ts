import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE empresas (
      emp_codigo serial PRIMARY KEY,
      emp_nome_fantasia varchar(120) NOT NULL,
      emp_razao_social varchar(160),
      emp_cnpj varchar(14),
      cod_ger_adm integer,
      emp_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE entidades (
      ent_codigo serial PRIMARY KEY,
      ent_uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      cod_ger_empresa integer NOT NULL REFERENCES empresas(emp_codigo),
      ent_razao_social varchar(160),
      ent_nome_fantasia varchar(120) NOT NULL,
      ent_descricao varchar(500),
      ent_cnpj varchar(14),
      ent_inscricao_estadual varchar(30),
      ent_inscricao_municipal varchar(30),
      ent_telefone varchar(20),
      ent_telefone2 varchar(20),
      ent_celular varchar(20),
      ent_tipo_plano char(1) NOT NULL DEFAULT '1' CHECK (ent_tipo_plano IN ('1', '2')),
      ent_from_name_default varchar(100),
      ent_from_default varchar(150),
      ent_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX entidades_empresa ON entidades (cod_ger_empresa);
    CREATE TABLE usuarios (
      usu_codigo serial PRIMARY KEY,
      usu_nome varchar(80) NOT NULL,
      usu_login varchar(150) NOT NULL,
      usu_senha text,
      usu_nivel smallint NOT NULL DEFAULT 1 CHECK (usu_nivel BETWEEN 1 AND 3),
      usu_status char(1) NOT NULL DEFAULT 'A' CHECK (usu_status IN ('A', 'L', 'B')),
      usu_anexo_obrigatorio char(1) NOT NULL DEFAULT 'N' CHECK (usu_anexo_obrigatorio IN ('S', 'N')),
      usu_notificacao_status boolean NOT NULL DEFAULT false,
      usu_tipo_plano char(1) NOT NULL DEFAULT '1' CHECK (usu_tipo_plano IN ('1', '2')),
      usu_integracao boolean NOT NULL DEFAULT true,
      usu_secure boolean NOT NULL DEFAULT true,
      usu_wooc_id integer,
      usu_data_criacao timestamptz NOT NULL DEFAULT now(),
      usu_pessoa_tipo smallint CHECK (usu_pessoa_tipo BETWEEN 1 AND 3),
      usu_pessoa_data jsonb,
      usu_accounts_aremail jsonb,
      usu_aceita_ar_voz boolean NOT NULL DEFAULT false,
      usu_aceita_ar_whatsapp boolean NOT NULL DEFAULT true,
      usu_validacao_notificacao boolean NOT NULL DEFAULT true,
      usu_visualizar_geolocalizacao boolean NOT NULL DEFAULT true,
      usu_limite_anexo integer,
      set_envia_email_obrigatorio boolean NOT NULL DEFAULT true,
      aceita_remessa boolean NOT NULL DEFAULT false,
      cod_ger_adm integer REFERENCES usuarios(usu_codigo),
      cod_ger_empresa integer REFERENCES empresas(emp_codigo),
      cod_ger_entidade integer REFERENCES entidades(ent_codigo),
      usu_settings jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE UNIQUE INDEX usuarios_login ON usuarios (lower(usu_login));
    CREATE INDEX usuarios_entidade ON usuarios (cod_ger_entidade);
    ALTER TABLE empresas ADD FOREIGN KEY (cod_ger_adm) REFERENCES usuarios(usu_codigo);

    CREATE TABLE sessoes (
      ses_token_hash char(64) PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      ses_criado timestamptz NOT NULL DEFAULT now(),
      ses_expira timestamptz NOT NULL,
      ses_ip varchar(64)
    );
    CREATE INDEX sessoes_usuario ON sessoes (cod_usu);
    CREATE TABLE tokens_senha (
      tok_hash char(64) PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      tok_tipo varchar(10) NOT NULL CHECK (tok_tipo IN ('reset', 'invite')),
      tok_criado timestamptz NOT NULL DEFAULT now(),
      tok_expira timestamptz NOT NULL,
      tok_usado timestamptz
    );
    CREATE TABLE tentativas_login (
      tent_chave varchar(200) NOT NULL,
      tent_data timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX tentativas_login_chave ON tentativas_login (tent_chave, tent_data);
    CREATE TABLE caixa_saida (
      cai_codigo serial PRIMARY KEY,
      cai_message_id varchar(300) NOT NULL,
      cai_from text NOT NULL,
      cai_to text NOT NULL,
      cai_subject text NOT NULL,
      cai_html text,
      cai_text text,
      cai_raw text NOT NULL,
      cai_data timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
