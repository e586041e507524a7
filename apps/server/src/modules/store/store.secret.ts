import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

export const SECRET_FILE = 'store-webhook-secret';

/**
 * The webhook secret: STORE_WEBHOOK_SECRET, or — so a fresh embedded start can be wired to a test
 * shop — one made at first start in DATA_DIR/store-webhook-secret (mode 0600), like the built-in
 * TSA key. Several nodes must share STORE_WEBHOOK_SECRET instead.
 */
export function resolveWebhookSecret(config: Pick<Config, 'storeWebhookSecret' | 'dataDir'>): { secret: string; generated: string | null } {
  if (config.storeWebhookSecret) return { secret: config.storeWebhookSecret, generated: null };
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return { secret: fs.readFileSync(file, 'utf8').trim(), generated: file };
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return { secret, generated: file };
  }
}
