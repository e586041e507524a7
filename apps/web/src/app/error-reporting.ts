import type { PublicConfigResponse as PublicConfig } from '@ar/core';
import { scrubPath, scrubText } from '@ar/core/scrub';
import type { FailedCall, WebReport, WebReporter } from './web-report.ts';

/**
 * What the web reports to the installation's error-reporting service (spec 000 §8, docs/error-reporting.md):
 * every error modal (its title and message, the call that failed and its status) and every uncaught
 * exception or rejected promise, with the screen's route. Sentry's browser SDK (sentry-web.ts, its
 * own chunk) is loaded only when GET /v2/config names a DSN: without one nothing is loaded or sent,
 * and /login carries only this file.
 */
type State = { kind: 'unknown'; pending: WebReport[] } | { kind: 'off' } | { kind: 'on'; reporter: Promise<WebReporter | null> };
let state: State = { kind: 'unknown', pending: [] };

/** The screen as a report names it: its path without query and without tokens, uuids or addresses. */
const screen = () => scrubPath(window.location.pathname);

/** Starts (or not) once the public configuration is known; what happened before is sent then. */
export function startErrorReporting(config: Pick<PublicConfig, 'errorReporting'>): void {
  if (state.kind !== 'unknown') return;
  const pending = state.pending;
  const settings = config.errorReporting;
  if (!settings) {
    state = { kind: 'off' };
    return;
  }
  const reporter = import('./sentry-web.ts').then(
    (m) => m.startSentry(settings),
    () => null, // a chunk that failed to load: the server's log still has /v2/client-errors
  );
  state = { kind: 'on', reporter };
  for (const report of pending) send(report);
}

function send(report: WebReport): void {
  if (state.kind === 'off') return;
  if (state.kind === 'unknown') {
    if (state.pending.length < 20) state.pending.push(report);
    return;
  }
  void state.reporter.then((r) => r?.send(report)).catch(() => {});
}

/** The last call that failed (client.ts): a modal shown right after it is about it. */
let lastFailure: { call: FailedCall; at: number } | null = null;

export function rememberFailedCall(call: FailedCall): void {
  lastFailure = { call: { ...call, path: scrubPath(call.path) }, at: Date.now() };
}

export function reportModal(title: string, message: string): void {
  const recent = lastFailure && Date.now() - lastFailure.at < 10_000 ? lastFailure.call : null;
  lastFailure = null;
  send({ kind: 'modal', title: scrubText(title), message: scrubText(message), call: recent, screen: screen() });
}

export function reportException(error: unknown): void {
  send({ kind: 'exception', error, screen: screen() });
}
