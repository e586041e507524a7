import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
