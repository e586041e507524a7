import { SCRUBBED, scrubData, scrubText } from '@ar/core';
import * as Sentry from '@sentry/node';
import type { ErrorReporter, FailureContext } from './reporter.ts';

/**
 * The server's reports through Sentry's official SDK (@sentry/node), spoken to any ingest of its
 * envelope protocol: Sentry, self-hosted Sentry, GlitchTip (docs/error-reporting.md). Only errors:
 * no tracing, no OpenTelemetry set-up, no automatic request data (which would carry headers,
 * cookies and bodies). What a report holds is what `capture` puts in it, then scrubbed by
 * `scrubEvent`.
 */
export function sentryReporter(options: { dsn: string; environment: string; release: string }): ErrorReporter {
  const client = Sentry.initWithoutDefaultIntegrations({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    // Nothing about the user, no cookies, headers, bodies, query strings, SQL values or frame variables.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    enableOpenTelemetrySetup: false,
    // The process's own signals are handled by main.ts (report, flush, exit), not by the SDK.
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.nodeContextIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubEvent(event),
  });
  return {
    capture(error, context) {
      Sentry.captureException(error, captureContext(context));
    },
    message(text, context) {
      Sentry.captureMessage(text, captureContext(context));
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
    close: async (timeoutMs) => (client ? client.close(timeoutMs) : true),
  };
}

function captureContext(c: FailureContext) {
  const tags: Record<string, string> = { where: c.where };
  if (c.where === 'rota') tags.route = c.name;
  else if (c.where === 'fila') tags.queue = c.name;
  else tags.component = c.name;
  if (c.requestId) tags.request_id = c.requestId;
  if (c.jobId) tags.job_id = c.jobId.slice(0, 200);
  if (c.status) tags['http.status_code'] = String(c.status);
  if (c.user) tags['user.level'] = String(c.user.usu_nivel);
  return {
    level: c.level ?? ('error' as const),
    tags,
    user: c.user ? { id: String(c.user.usu_codigo) } : undefined,
    extra: c.extra ? (scrubData(c.extra) as Record<string, unknown>) : undefined,
    // One issue per route or queue and exception type, not one per message text (which varies by id).
    fingerprint: ['{{ default }}', c.where, c.name],
  };
}

type SentryEvent = Parameters<NonNullable<Sentry.NodeOptions['beforeSend']>>[0];

/** The last word before a report leaves: no request data, no user but its code, every text scrubbed. */
export function scrubEvent<E extends SentryEvent>(event: E): E {
  delete event.request;
  delete event.breadcrumbs;
  if (event.user) event.user = event.user.id ? { id: String(event.user.id) } : undefined;
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry?.message) event.logentry.message = scrubText(event.logentry.message);
  if (event.logentry?.params) event.logentry.params = event.logentry.params.map(() => SCRUBBED.secret);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.extra) event.extra = scrubData(event.extra) as E['extra'];
  return event;
}
