import { z } from 'zod';
import { ptBR } from 'zod/locales';

// Every contract takes `z` from here, so these settings come before the first schema is built, and a
// web chunk without schemas (the login screen's) carries neither zod nor its locale (package.json's
// sideEffects; docs/performance.md, web budget).

// Default validation messages in Portuguese, on the server and in the browser alike.
z.config(ptBR());

// No eval in a browser: the Content-Security-Policy has no 'unsafe-eval', and zod's probe for it
// (new Function, run when an object schema is built) is reported as a violation even though zod
// catches the refusal (docs/security.md). The server keeps zod's compiled object parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
