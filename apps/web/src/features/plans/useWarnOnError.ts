import { useEffect } from 'react';
import { ApiError } from '../../api/client.ts';
import { showWarning } from '../../app/alerts.ts';

/**
 * Shows the spec's 'Aviso' text once when a load fails. Network and server failures already
 * showed their own modal in api(); 401 ends the session.
 */
export function useWarnOnError(error: unknown, message: string) {
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && (error.status === 0 || error.status === 401 || error.status >= 500)) return;
    showWarning(message);
  }, [error, message]);
}

/** The message for a failed change: the server's reason for a refused request, else the spec's text. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : fallback;
}
