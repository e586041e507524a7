import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InstitutionContact, institutionContact } from '@ar/core';
import { z } from 'zod';

/** The demo list shipped with the project (reserved example domains only). */
export const SHIPPED_INSTITUTIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'instituicoes.json');

/**
 * The institution contacts offered by the compose screen: DATA_DIR/instituicoes.json when the
 * operator put one there, else the shipped demo list. Read and checked once at start, so a bad
 * file stops the server with the reason instead of failing later.
 */
export function loadInstitutions(dataDir: string): { file: string; contacts: InstitutionContact[] } {
  const custom = path.join(dataDir, 'instituicoes.json');
  const file = fs.existsSync(custom) ? custom : SHIPPED_INSTITUTIONS;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: não é um JSON válido (${(e as Error).message})`);
  }
  const parsed = z.array(institutionContact).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: registro inválido em ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const contacts = [...parsed.data].sort((a, b) => a.con_ins_nome.localeCompare(b.con_ins_nome, 'pt-BR'));
  return { file, contacts };
}
