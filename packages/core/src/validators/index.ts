export * from './cnpj.ts';
export * from './cpf.ts';
export * from './email.ts';
export * from './password.ts';
