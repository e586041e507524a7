import { z } from '../zod.ts';

/** GET /v2/backups (docs/backups.md): the administrators' screen of scheduled backups and the evidence audit. */
export const backupsStatusResponse = z.object({
  agendamento: z.object({
    /** BACKUP_PASSPHRASE set: scheduled backups run. */
    ativo: z.boolean(),
    /** BACKUP_SCHEDULE (cron, Brasília time). */
    cron: z.string(),
    /** BACKUP_KEEP. */
    manter: z.number().int(),
  }),
  backups: z.array(
    z.object({
      inicio: z.string(),
      fim: z.string(),
      sucesso: z.boolean(),
      /** Bytes, for a successful one. */
      tamanho: z.number().nullable(),
      erro: z.string().nullable(),
    }),
  ),
  auditoria: z
    .object({
      inicio: z.string(),
      fim: z.string(),
      mensagens: z.number(),
      eventos: z.number(),
      carimbos: z.number(),
      arquivos: z.number(),
      quebras: z.number(),
      /** The audit stopped before its end (the database unreachable...). */
      erro: z.string().nullable(),
    })
    .nullable(),
});
export type BackupsStatus = z.infer<typeof backupsStatusResponse>;

export const BACKUP_MSG = {
  off: 'Backups agendados desligados',
  howToEnable:
    'Defina a variável de ambiente BACKUP_PASSPHRASE (ao menos 12 caracteres) e reinicie o produto: um backup cifrado é gravado todo dia em BACKUP_DIR (padrão DATA_DIR/backups). Guarde a senha fora do servidor: sem ela nenhum backup pode ser restaurado.',
} as const;
