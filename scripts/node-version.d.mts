/** The lowest version package.json's `engines.node` accepts, as [major, minor, patch]. */
export function minimumNode(engines?: string): [number, number, number];
/** null when `version` is supported; otherwise the one-line message naming the version needed. */
export function unsupportedNodeMessage(version?: string, minimum?: readonly number[]): string | null;
