import fs from 'node:fs/promises';
import path from 'node:path';
import { SDK_DIR, sdkFiles } from '../http/sdk-files.ts';
import { buildApiDocument } from './api-document.ts';

// npm run sdk:generate: packages/sdk from the document the server builds in this process (no port).
const files = await sdkFiles(await buildApiDocument());
for (const [name, text] of Object.entries(files)) {
  const file = path.join(SDK_DIR, name);
  const before = await fs.readFile(file, 'utf8').catch(() => null);
  await fs.writeFile(file, text);
  console.log(`${before === text ? 'sem mudança' : 'atualizado'}: ${path.relative(process.cwd(), file)}`);
}
