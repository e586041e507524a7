import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/** packages/sdk, where the generated files are checked in. */
export const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/sdk');

const HEADER = '// Gerado por `npm run sdk:generate` a partir do documento OpenAPI do servidor: não edite à mão (docs/sdk.md).\n';

/**
 * The SDK's generated files from the OpenAPI document: its TypeScript types (openapi-typescript), which type the openapi-fetch client
 * of packages/sdk/src/index.ts. Paths relative to packages/sdk.
 */
export async function sdkFiles(document: Record<string, unknown>): Promise<Record<string, string>> {
  const ast = await openapiTS(document as never, { silent: true });
  return {
    'src/schema.ts': `${HEADER}${astToString(ast)}`,
  };
}
