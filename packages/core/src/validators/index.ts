export * from './cep.ts';
export * from './cnj.ts';
export * from './cnpj.ts';
export * from './cpf.ts';
export * from './document.ts';
export * from './email.ts';
export * from './password.ts';
export * from './s10.ts';
