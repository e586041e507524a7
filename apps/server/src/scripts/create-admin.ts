import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmail, isStrongPassword } from '@ar/core';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { inTransaction } from '../db/transaction.ts';
import { hashPassword } from '../modules/auth/secrets.ts';
import { insertCompany, insertEntity, insertUser, makeAdministrator, userIdByLogin } from '../seed/seed.queries.ts';

/**
 * npm run create-admin -- --email ana@empresa.com.br --name "Ana Souza" [--empresa "Empresa"] [--password ...]
 * Creates a company, its first entity and an administrator (level 3) who must choose a new
 * password at the first sign-in. Without --password a temporary one is generated and printed.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    empresa: { type: 'string', default: 'Minha Empresa' },
    password: { type: 'string' },
  },
});
if (!values.email || !isEmail(values.email) || !values.name) {
  console.error('Uso: npm run create-admin -- --email EMAIL --name "NOME" [--empresa "NOME"] [--password SENHA]');
  process.exit(1);
}
const password = values.password ?? `${randomBytes(9).toString('base64url')}a1A!`;
if (!isStrongPassword(password)) {
  console.error('A senha deve ter 8 ou mais caracteres, com maiúscula, minúscula, número e caractere especial.');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await migrateToLatest(database.db as never);
if (await userIdByLogin(database.db, values.email)) {
  console.error(`Já existe um usuário com o e-mail ${values.email}.`);
  await database.close();
  process.exit(1);
}
const senha = await hashPassword(password);
await inTransaction(database.db, async (trx) => {
  const empresa = await insertCompany(trx, { emp_nome_fantasia: values.empresa as string });
  const entidade = await insertEntity(trx, { cod_ger_empresa: empresa, ent_nome_fantasia: values.empresa as string, ent_tipo_plano: '1' });
  const admin = await insertUser(trx, {
    usu_login: values.email as string,
    usu_nome: (values.name as string).slice(0, 80),
    usu_senha: senha,
    usu_nivel: 3,
    usu_status: 'L',
    usu_secure: false,
    cod_ger_empresa: empresa,
    cod_ger_entidade: entidade,
    aceita_remessa: true,
  });
  await makeAdministrator(trx, admin, empresa);
});
await database.close();
console.log(`Administrador criado: ${values.email}`);
if (!values.password) console.log(`Senha temporária: ${password}`);
console.log('Na primeira entrada será pedida uma nova senha.');
