import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on through the organisation's OpenID provider (docs/access.md, "Single sign-on").
 *
 * - `sessoes.ses_via`: how the session was opened ('senha' or 'sso'); `ses_provedor` the provider's
 *   issuer; `ses_oidc_sid`/`ses_oidc_sub` the provider's session and subject, which a back-channel
 *   logout names; `ses_id_token` the ID token, sent back as `id_token_hint` when the user signs out.
 * - `usuarios.usu_sso_obrigatorio`: an administrator's choice that the user signs in only through
 *   the provider; `usu_ultimo_acesso*`: when and how the user last signed in (the users list).
 * - `oidc_logout_jti`: the logout tokens already used (a back-channel logout token counts once),
 *   kept until the token would have expired anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessoes
      ADD COLUMN ses_via text NOT NULL DEFAULT 'senha' CHECK (ses_via IN ('senha', 'sso')),
      ADD COLUMN ses_provedor text,
      ADD COLUMN ses_oidc_sid text,
      ADD COLUMN ses_oidc_sub text,
      ADD COLUMN ses_id_token text;
    CREATE INDEX sessoes_oidc_sid ON sessoes (ses_provedor, ses_oidc_sid) WHERE ses_oidc_sid IS NOT NULL;
    CREATE INDEX sessoes_oidc_sub ON sessoes (ses_provedor, ses_oidc_sub) WHERE ses_oidc_sub IS NOT NULL;
    ALTER TABLE usuarios
      ADD COLUMN usu_sso_obrigatorio boolean NOT NULL DEFAULT false,
      ADD COLUMN usu_ultimo_acesso timestamptz,
      ADD COLUMN usu_ultimo_acesso_via text CHECK (usu_ultimo_acesso_via IN ('senha', 'sso')),
      ADD COLUMN usu_ultimo_acesso_provedor text;
    CREATE TABLE oidc_logout_jti (
      olj_emissor text NOT NULL,
      olj_jti text NOT NULL,
      olj_expira timestamptz NOT NULL,
      PRIMARY KEY (olj_emissor, olj_jti)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE oidc_logout_jti;
    ALTER TABLE usuarios
      DROP COLUMN usu_ultimo_acesso_provedor,
      DROP COLUMN usu_ultimo_acesso_via,
      DROP COLUMN usu_ultimo_acesso,
      DROP COLUMN usu_sso_obrigatorio;
    DROP INDEX sessoes_oidc_sub;
    DROP INDEX sessoes_oidc_sid;
    ALTER TABLE sessoes
      DROP COLUMN ses_id_token,
      DROP COLUMN ses_oidc_sub,
      DROP COLUMN ses_oidc_sid,
      DROP COLUMN ses_provedor,
      DROP COLUMN ses_via;
  `.execute(db);
}
