import { MASK } from '@ar/core';

/** The masks of the recipient form are core's (packages/core/src/masks.ts); here, which field takes which pattern. */
export { maskDigits, maskTelefone } from '@ar/core';

export const MASKS = {
  lea_cpf: MASK.cpf,
  lea_celular: MASK.mobile,
  lea_cep: MASK.cep,
  lea_cnpj: MASK.cnpj,
  lea_nascimento: MASK.date,
} as const;
