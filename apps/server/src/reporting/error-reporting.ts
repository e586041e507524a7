import type { Config } from '../config.ts';
import type { ErrorReporter, FailureContext } from './reporter.ts';

let reporter: ErrorReporter | null = null;

/**
 * Starts reporting when SENTRY_DSN is set: the SDK is imported here, not by the modules a start
 * loads, so a server without a DSN neither loads nor sends anything (startup-imports.test.ts).
 */
export async function startErrorReporting(config: Pick<Config, 'errorReporting'>): Promise<boolean> {
  const settings = config.errorReporting;
  if (!settings?.dsn) return false;
  if (reporter) await reporter.close(2000);
  const { sentryReporter } = await import('./sentry-node.ts');
  reporter = sentryReporter({ dsn: settings.dsn, environment: settings.environment, release: settings.release });
  return true;
}

/** Reports a failure; without a reporter, nothing (the log has it already). Never throws. */
export function reportError(error: unknown, context: FailureContext): void {
  try {
    reporter?.capture(error, context);
  } catch {
    // reporting must never make a failure worse
  }
}

export function reportMessage(text: string, context: FailureContext): void {
  try {
    reporter?.message(text, context);
  } catch {
    // as above
  }
}

/** Waits for the reports in flight (before the process exits). */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  return reporter ? reporter.flush(timeoutMs).catch(() => false) : true;
}

/** Stops reporting (tests, shutdown). */
export async function stopErrorReporting(timeoutMs = 2000): Promise<void> {
  const current = reporter;
  reporter = null;
  await current?.close(timeoutMs).catch(() => false);
}
