import { z } from 'zod';

// No eval: the Content-Security-Policy has no 'unsafe-eval', and zod's probe for it (new Function)
// is reported as a violation even though zod catches the refusal (docs/security.md). Imported
// first by main.tsx, before any module can build or parse a schema.
z.config({ jitless: true });
