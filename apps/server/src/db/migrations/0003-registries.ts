import { type Kysely, sql } from 'kysely';

/**
 * Registries of spec 001: labels, recipients (leads), templates, whitelist and senders. Every row
 * belongs to one user (cod_usu, or cod_usu_usuario for senders) and goes with that user.
 * The sent-messages table (a later migration) references modelos(mod_codigo) with ON DELETE
 * RESTRICT, so a template used by a sending cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE etiquetas (
      eti_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      eti_nome varchar(60) NOT NULL,
      eti_cor char(7) NOT NULL DEFAULT '#194d33' CHECK (eti_cor ~ '^#[0-9a-f]{6}$'),
      eti_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX etiquetas_usuario ON etiquetas (cod_usu, eti_codigo);

    CREATE TABLE leads (
      lea_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      lea_nome varchar(80) NOT NULL,
      lea_email varchar(80) NOT NULL,
      lea_sobrenome varchar(80),
      lea_cpf varchar(11),
      lea_telefone varchar(12),
      lea_celular varchar(11),
      lea_endereco varchar(200),
      lea_cidade varchar(80),
      lea_estado char(2),
      lea_cep varchar(8),
      lea_nascimento date,
      lea_profissao varchar(80),
      lea_estado_civil varchar(20),
      lea_cnpj varchar(14),
      lea_fantasia varchar(80),
      lea_razao_social varchar(80),
      lea_inscricao_estadual varchar(80),
      lea_sexo varchar(10),
      lea_custom_field jsonb NOT NULL DEFAULT '{"data": []}'::jsonb,
      lea_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX leads_usuario ON leads (cod_usu, lea_codigo);
    CREATE INDEX leads_usuario_nome ON leads (cod_usu, lea_nome);

    CREATE TABLE modelos (
      mod_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      mod_name varchar(80) NOT NULL,
      mod_subject varchar(180) NOT NULL,
      mod_content text NOT NULL DEFAULT '',
      mod_enable boolean NOT NULL DEFAULT true,
      mod_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX modelos_usuario ON modelos (cod_usu, mod_codigo);

    CREATE TABLE whitelist (
      whi_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      whi_email varchar(150) NOT NULL,
      whi_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX whitelist_usuario_email ON whitelist (cod_usu, lower(whi_email));

    CREATE TABLE remetentes (
      sen_codigo serial PRIMARY KEY,
      cod_usu_usuario integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      sen_nome varchar(100) NOT NULL,
      sen_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX remetentes_usuario_nome ON remetentes (cod_usu_usuario, lower(sen_nome));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE remetentes, whitelist, modelos, leads, etiquetas`.execute(db);
}
