import { z } from 'zod';

/** A bad value of the environment: its message names every variable at fault (config.ts, loadConfig). */
export class ConfigError extends Error {}

/** The value forms the settings of every area share. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `deve ser uma URL (${protocols.join(' ou ')})`,
  );
