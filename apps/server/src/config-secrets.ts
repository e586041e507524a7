import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SIMULATOR_SECRET_FILE = 'simulator-secret';

interface SimulatorSecrets {
  twilioAccountSid: string;
  twilioAuthToken: string;
  metaToken: string;
  metaAppSecret: string;
  metaVerifyToken: string;
  letterApiKey: string;
  letterWebhookSecret: string;
}

const simulatorSecretsByDir = new Map<string, SimulatorSecrets>();
const installationSecrets = new Map<string, string>();

/**
 * This installation's own secret, made at first use in DATA_DIR/simulator-secret (mode 0600), like
 * the built-in TSA's key and the store's webhook secret; processes sharing DATA_DIR share it. Keys
 * are derived from it by HMAC with a label of their own (installationKey): the simulator's
 * credentials, the public page's answer tokens (docs/security.md).
 */
export function installationSecret(dataDir: string): string {
  const known = installationSecrets.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, SIMULATOR_SECRET_FILE);
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process made it first: use that one.
      secret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  installationSecrets.set(dataDir, secret);
  return secret;
}

/** A key of this installation for one purpose: HMAC-SHA256 of the installation's secret and the purpose's label. */
export const installationKey = (dataDir: string, label: string): Buffer =>
  createHmac('sha256', installationSecret(dataDir)).update(label).digest();

/**
 * The embedded simulator's credentials: each an HMAC of this installation's secret
 * (installationSecret). Not a constant of the code, so a product left on the simulator cannot be
 * called by someone who read the source.
 */
export function simulatorSecrets(dataDir: string): SimulatorSecrets {
  const known = simulatorSecretsByDir.get(dataDir);
  if (known) return known;
  const derive = (label: string) => installationKey(dataDir, label).toString('hex');
  const values: SimulatorSecrets = {
    twilioAccountSid: `AC${derive('twilio-account-sid').slice(0, 32)}`,
    twilioAuthToken: derive('twilio-auth-token').slice(0, 32),
    metaToken: derive('meta-token'),
    metaAppSecret: derive('meta-app-secret').slice(0, 32),
    metaVerifyToken: derive('meta-verify-token').slice(0, 32),
    letterApiKey: derive('letter-api-key').slice(0, 40),
    letterWebhookSecret: derive('letter-webhook-secret').slice(0, 40),
  };
  simulatorSecretsByDir.set(dataDir, values);
  return values;
}
