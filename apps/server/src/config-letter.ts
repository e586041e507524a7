import { z } from 'zod';
import { simulatorSecrets } from './config-secrets.ts';
import { ConfigError, url } from './config-values.ts';

/** AR-Carta's provider (docs/letters.md), merged into config.ts's schema. */
export const letterEnv = {
  /** AR-Carta's provider (docs/letters.md); simulator: the embedded one, at /dev/letters. */
  LETTER_PROVIDER: z.enum(['none', 'simulator', 'http'], { error: 'use none, simulator ou http' }).optional(),
  LETTER_API_URL: url(['http:', 'https:']).optional(),
  LETTER_API_KEY: z.string().trim().min(1).max(1000).optional(),
  LETTER_WEBHOOK_SECRET: z.string().min(16, 'use ao menos 16 caracteres').max(200).optional(),
  /** The return address printed on every letter's return line, after the sender's name (docs/letters.md). */
  LETTER_RETURN_ADDRESS: z
    .string()
    .trim()
    .max(140, 'use até 140 caracteres: a linha do remetente tem a largura da janela do envelope')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'use uma linha só, sem caracteres de controle')
    .optional(),
};

/** The letter settings, LETTER_PROVIDER resolved (config-channels.ts, withProviders). */
type LetterEnv = Omit<z.output<z.ZodObject<typeof letterEnv>>, 'LETTER_PROVIDER'> & { LETTER_PROVIDER: LetterConfig['provider'] };

export interface LetterConfig {
  provider: 'none' | 'simulator' | 'http';
  /** LETTER_RETURN_ADDRESS: printed after the sender's name on the letter's return line; null: the name alone. */
  returnAddress: string | null;
  /** With 'simulator': the embedded simulator under PUBLIC_URL/dev/letters. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
}

/** LETTER_PROVIDER=http needs its three settings; the simulator's key and secret derive from this installation's secret. */
export function letterConfig(e: LetterEnv, publicUrl: string, dataDir: string): LetterConfig {
  if (e.LETTER_PROVIDER === 'http') {
    const missing = (['LETTER_API_URL', 'LETTER_API_KEY', 'LETTER_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new ConfigError(`Configuração inválida:\n${missing.map((k) => `  ${k}: obrigatório com o provedor http`).join('\n')}`);
    return {
      provider: 'http',
      returnAddress: e.LETTER_RETURN_ADDRESS ?? null,
      apiUrl: (e.LETTER_API_URL as string).replace(/\/+$/, ''),
      apiKey: e.LETTER_API_KEY as string,
      webhookSecret: e.LETTER_WEBHOOK_SECRET as string,
    };
  }
  if (e.LETTER_PROVIDER === 'none')
    return { provider: 'none', returnAddress: e.LETTER_RETURN_ADDRESS ?? null, apiUrl: '', apiKey: '', webhookSecret: '' };
  return {
    provider: 'simulator',
    returnAddress: e.LETTER_RETURN_ADDRESS ?? null,
    apiUrl: `${publicUrl}/dev/letters`,
    get apiKey() {
      return simulatorSecrets(dataDir).letterApiKey;
    },
    get webhookSecret() {
      return simulatorSecrets(dataDir).letterWebhookSecret;
    },
  };
}
