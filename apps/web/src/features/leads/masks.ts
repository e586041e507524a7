import { MASK } from '@ar/core';

/** Which field of the recipient form takes which of core's patterns (the masks are packages/core/src/masks.ts). */
export const MASKS = {
  lea_cpf: MASK.cpf,
  lea_celular: MASK.mobile,
  lea_cep: MASK.cep,
  lea_cnpj: MASK.cnpj,
  lea_nascimento: MASK.date,
} as const;
