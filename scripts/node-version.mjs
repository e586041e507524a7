// The Node.js versions the product runs on: package.json's `engines.node` (">=22.12"). Checked before
// anything starts (scripts/start.mjs): an older Node started the server and then failed on the
// first report download (its worker thread cannot load TypeScript there), with a raw error.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest version `engines.node` accepts (">=22.12" → [22, 12, 0]). */
export function minimumNode(engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '') {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!m) throw new Error(`engines.node não reconhecido: ${engines}`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** null when `version` ("v22.23.5") is supported; otherwise the one-line message that says which is needed. */
export function unsupportedNodeMessage(version = process.version, minimum = minimumNode()) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > minimum[i]) return null;
    if ((have[i] ?? 0) < minimum[i]) {
      const needed = minimum[2] ? minimum.join('.') : `${minimum[0]}.${minimum[1]}`;
      return `O AR Online precisa do Node.js ${needed} ou mais recente; este é o ${version}. Instale o Node.js ${minimum[0]} (https://nodejs.org) e rode npm start de novo.`;
    }
  }
  return null;
}
