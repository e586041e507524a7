import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { hashPassword } from '../modules/auth/secrets.ts';
import { seedDemoPlans } from '../modules/plans/plans.seed.ts';
import { insertCompany, insertEntity, insertUser, makeAdministrator, renameUserIf, userIdByLogin } from './seed.queries.ts';

export const DEMO_PASSWORD = 'Demo@2026!';

/**
 * Demo names are prefilled as the sender of a new message, so each must pass the sender rule
 * (letters, digits and spaces): 'Usuário Pós-pago' blocked 'Enviar' until 2026-11 (issue 15).
 */
export const POSTPAID_DEMO_NAME = 'Usuário Pós pago';
const OLD_POSTPAID_DEMO_NAME = 'Usuário Pós-pago';

/**
 * The demo data of an embedded start (DESIGN §4): one company, two entities, four users.
 * Runs once: when admin@demo.local already exists only the plans are completed and a demo name
 * seeded before the sender rule was honoured is renamed (a name the user chose is left alone).
 */
export async function seedDemo(db: Kysely<DB>): Promise<void> {
  if (await userIdByLogin(db, 'admin@demo.local')) {
    await renameUserIf(db, 'pos@demo.local', OLD_POSTPAID_DEMO_NAME, POSTPAID_DEMO_NAME);
    return seedDemoPlans(db);
  }
  const senha = await hashPassword(DEMO_PASSWORD);
  await inTransaction(db, async (trx) => {
    const empresa = await insertCompany(trx, {
      emp_nome_fantasia: 'Demo Empresa',
      emp_razao_social: 'Demo Empresa Ltda',
      emp_cnpj: '11222333000181',
    });
    const entity = (nome: string, tipo: '1' | '2') =>
      insertEntity(trx, {
        cod_ger_empresa: empresa,
        ent_nome_fantasia: nome,
        ent_razao_social: `${nome} Ltda`,
        ent_descricao: tipo === '1' ? 'Entidade de demonstração com plano pré-pago' : 'Entidade de demonstração com plano pós-pago',
        ent_tipo_plano: tipo,
      });
    const pre = await entity('Demo Pré-pago', '1');
    const pos = await entity('Demo Pós-pago', '2');
    const user = (login: string, nome: string, nivel: 1 | 2 | 3, ent: number, tipo: '1' | '2', adm: number | null) =>
      insertUser(trx, {
        usu_login: login,
        usu_nome: nome,
        usu_senha: senha,
        usu_nivel: nivel,
        usu_status: 'L',
        usu_tipo_plano: tipo,
        usu_pessoa_tipo: 2,
        cod_ger_adm: adm,
        cod_ger_empresa: empresa,
        cod_ger_entidade: ent,
        aceita_remessa: nivel >= 2,
        // Every channel the installation sends through (docs/channels.md, docs/voice.md): WhatsApp
        // and the call beside e-mail, SMS and the letter, and a message may go by a phone alone.
        usu_aceita_ar_whatsapp: true,
        usu_aceita_ar_voz: true,
        set_envia_email_obrigatorio: false,
      });
    const admin = await user('admin@demo.local', 'Administrador Demo', 3, pre, '1', null);
    await makeAdministrator(trx, admin, empresa);
    await user('gerente@demo.local', 'Gerente Demo', 2, pre, '1', admin);
    await user('usuario@demo.local', 'Usuário Demo', 1, pre, '1', admin);
    await user('pos@demo.local', POSTPAID_DEMO_NAME, 1, pos, '2', admin);
  });
  await seedDemoPlans(db);
}
