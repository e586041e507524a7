/** Input masks of spec 000 §5, applied as the person types: core's (packages/core/src/masks.ts). */
export { maskCnpj, maskCpf, maskDate, maskPhone } from '@ar/core';
