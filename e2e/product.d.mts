import type { ChildProcess } from 'node:child_process';

export declare const root: string;
export declare function productEnv(port: string | number, extra?: Record<string, string>): Promise<NodeJS.ProcessEnv>;
export declare function createFirstAdmin(env: NodeJS.ProcessEnv): void;
export declare function startServer(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  url: string;
  ready: Promise<string>;
  stop: () => Promise<void>;
};
export declare function demoHistoryMade(url: string, env?: NodeJS.ProcessEnv, timeoutMs?: number): Promise<void>;
