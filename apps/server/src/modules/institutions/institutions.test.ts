import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { loadInstitutions, SHIPPED_INSTITUTIONS } from './institutions.service.ts';

const app = useTestApp();

describe('/v2/contato-instituicoes', () => {
  it('needs a session and answers the shipped banks on reserved example domains', async () => {
    expect((await app.call('GET', '/contato-instituicoes')).statusCode).toBe(401);
    const res = await app.call('GET', '/contato-instituicoes', await app.as('usuario@demo.local'));
    expect(res.statusCode).toBe(200);
    const list = res.json() as { con_ins_tipo: string; con_ins_email_sac: string | null }[];
    expect(list.length).toBeGreaterThan(0);
    for (const i of list) {
      expect(i.con_ins_tipo).toBe('Banco');
      expect(i.con_ins_email_sac ?? 'x@y.test').toMatch(/\.(example\.(com|net|org)|test)$/);
    }
  });

  it("uses the operator's DATA_DIR/instituicoes.json and refuses a malformed one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inst-'));
    expect(loadInstitutions(dir).file).toBe(SHIPPED_INSTITUTIONS);
    const own = [
      {
        con_ins_codigo: 7,
        con_ins_nome: 'Meu Banco',
        con_ins_tipo: 'Banco',
        con_ins_email_sac: 'sac@meu.test',
        con_ins_email_ouvidoria: null,
      },
    ];
    fs.writeFileSync(path.join(dir, 'instituicoes.json'), JSON.stringify(own));
    expect(loadInstitutions(dir).contacts).toEqual(own);
    fs.writeFileSync(path.join(dir, 'instituicoes.json'), JSON.stringify([{ ...own[0], con_ins_email_sac: 'sem-arroba' }]));
    expect(() => loadInstitutions(dir)).toThrow(/con_ins_email_sac/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
