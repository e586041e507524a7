/** The node flags of a server process on `env` (V8's helper threads by the cores; the young generation's size on the embedded database). */
export function serverNodeFlags(env?: NodeJS.ProcessEnv | Record<string, string | undefined>, cores?: number): string[];
