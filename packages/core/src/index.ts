export * from './attachments.ts';
export * from './brasilia.ts';
export * from './contracts/auth.ts';
export * from './contracts/common.ts';
export * from './contracts/emails.ts';
export * from './contracts/entities.ts';
export * from './contracts/evidence.ts';
export * from './contracts/labels.ts';
export * from './contracts/leads.ts';
export * from './contracts/leads-csv.ts';
export * from './contracts/oficio.ts';
export * from './contracts/plans.ts';
export * from './contracts/proofs.ts';
export * from './contracts/public.ts';
export * from './contracts/received.ts';
export * from './contracts/remessas.ts';
export * from './contracts/senders.ts';
export * from './contracts/sent.ts';
export * from './contracts/signup.ts';
export * from './contracts/templates.ts';
export * from './contracts/transporte-dados.ts';
export * from './contracts/users.ts';
export * from './contracts/users-admin.ts';
export * from './contracts/whitelist.ts';
export * from './credit-units.ts';
export * from './gerar-remessas.ts';
export * from './gerar-remessas-csv.ts';
export * from './masks.ts';
export * from './messages.ts';
export * from './remessa-file.ts';
export * from './spreadsheet.ts';
export * from './template-variables.ts';
export * from './validators/index.ts';

import { z } from 'zod';
import { ptBR } from 'zod/locales';

// Default validation messages in Portuguese, on the server and in the browser alike.
z.config(ptBR());
