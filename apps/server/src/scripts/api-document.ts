import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createMailService } from '../mail/mail.service.ts';
import { createRealtime } from '../realtime/realtime.ts';
import { createStorage } from '../storage/index.ts';

/**
 * The configuration the SDK's document is taken with: every route any installation may mount
 * (single sign-on's included, which exist only with OIDC_ISSUER), at the embedded default origin.
 * Nothing here is contacted: the document is read from the routes' declarations.
 */
export const SDK_DOCUMENT_ENV: Record<string, string> = {
  PUBLIC_URL: 'http://localhost:3000',
  SEED_DEMO: 'false',
  OIDC_ISSUER: 'https://sso.invalid',
  OIDC_CLIENT_ID: 'ar-online',
  OIDC_CLIENT_SECRET: 'documento-openapi',
};

/**
 * The OpenAPI document exactly as GET /v2/docs serves it, built in this process without listening
 * on a port: the app of buildApp (the same route declarations as the server) over an in-memory
 * database that no request reaches, asked through inject.
 */
export async function buildApiDocument(env: Record<string, string> = SDK_DOCUMENT_ENV): Promise<Record<string, unknown>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-openapi-'));
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const database = await openDatabase({});
  const realtime = await createRealtime(database);
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  try {
    const storage = await createStorage(config);
    const app = await buildApp({ config, db: database.db, mail, boss: null, storage, realtime }, { serveWeb: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/v2/docs' });
      if (res.statusCode !== 200) throw new Error(`GET /v2/docs: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    mail.close();
    await realtime.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
