// The product for the browser journeys (Playwright's web server): a fresh installation with the
// demo accounts and the first administrator, mail captured in the local mailbox.
import { createFirstAdmin, productEnv, startServer } from './product.mjs';

const env = await productEnv(process.env.E2E_PORT ?? '3100');
createFirstAdmin(env);
const server = startServer(env);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.child.kill(signal));
server.child.on('exit', (code) => process.exit(code ?? 0));
