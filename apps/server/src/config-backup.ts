import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** A five-field cron expression, as pg-boss's schedule reads it. */
const cron = z
  .string()
  .trim()
  .refine((v) => {
    if (v.split(/\s+/).length !== 5) return false;
    try {
      CronExpressionParser.parse(v);
      return true;
    } catch {
      return false;
    }
  }, 'deve ser uma expressão cron de 5 campos, ex. 0 2 * * * (todo dia às 02:00, horário de Brasília)');

/** The backup settings of the environment (docs/backups.md), merged into config.ts's schema. */
export const backupEnv = {
  /** Encrypts every backup (AES-256-GCM, key by scrypt); set: scheduled backups run. */
  BACKUP_PASSPHRASE: z.string().min(12, 'use ao menos 12 caracteres').max(1000).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_SCHEDULE: cron.default('0 2 * * *'),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'use de 1 a 365').max(365, 'use de 1 a 365').default(7),
};

export interface BackupConfig {
  /** BACKUP_PASSPHRASE; null: scheduled backups off, and `npm run backup` needs --no-encryption. */
  passphrase: string | null;
  /** BACKUP_DIR, default DATA_DIR/backups. */
  dir: string;
  /** BACKUP_SCHEDULE: a cron expression in Brasília time (default daily at 02:00). */
  schedule: string;
  /** BACKUP_KEEP: scheduled backups kept (the oldest are removed), default 7. */
  keep: number;
}

type BackupEnv = z.output<z.ZodObject<typeof backupEnv>>;

export function backupConfig(e: BackupEnv, dataDir: string): BackupConfig {
  return {
    passphrase: e.BACKUP_PASSPHRASE ?? null,
    dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    schedule: e.BACKUP_SCHEDULE,
    keep: e.BACKUP_KEEP,
  };
}
