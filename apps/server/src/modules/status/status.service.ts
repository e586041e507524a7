import type { AppContext } from '../../context.ts';
import { pingDatabase } from './status.queries.ts';

/** The connectivity check: the database answers (a failure is the error handler's 'Erro Interno'). */
export async function checkConnectivity(ctx: AppContext): Promise<{ status: 'ok'; time: string }> {
  await pingDatabase(ctx.db);
  return { status: 'ok', time: new Date().toISOString() };
}
