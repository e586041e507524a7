import { senderNameProblem } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { POSTPAID_DEMO_NAME, seedDemo } from './demo.ts';

const t = useTestApp();

const nameOf = async (login: string) =>
  (await t.ctx.db.selectFrom('usuarios').select('usu_nome').where('usu_login', '=', login).executeTakeFirstOrThrow()).usu_nome;

describe('demo seed', () => {
  it('gives every demo user a name that passes the sender rule (it is the prefilled sender)', async () => {
    const users = await t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_login', 'usu_nome'])
      .where('usu_login', 'like', '%@demo.local')
      .execute();
    expect(users.map((u) => u.usu_login).sort()).toEqual([
      'admin@demo.local',
      'gerente@demo.local',
      'pos@demo.local',
      'usuario@demo.local',
    ]);
    for (const u of users) expect(senderNameProblem(u.usu_nome), u.usu_nome).toBeNull();
    expect(await nameOf('pos@demo.local')).toBe(POSTPAID_DEMO_NAME);
  });

  it("renames the postpaid demo user seeded as 'Usuário Pós-pago' and leaves a name the user chose", async () => {
    await t.ctx.db.updateTable('usuarios').set({ usu_nome: 'Usuário Pós-pago' }).where('usu_login', '=', 'pos@demo.local').execute();
    await seedDemo(t.ctx.db);
    expect(await nameOf('pos@demo.local')).toBe(POSTPAID_DEMO_NAME);

    await t.ctx.db.updateTable('usuarios').set({ usu_nome: 'Cliente-Escolhido' }).where('usu_login', '=', 'pos@demo.local').execute();
    await seedDemo(t.ctx.db);
    expect(await nameOf('pos@demo.local')).toBe('Cliente-Escolhido');
  });
});
