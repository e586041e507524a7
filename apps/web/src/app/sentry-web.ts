import type { PublicConfigResponse as PublicConfig } from '@ar/core';
import { scrubPath, scrubText } from '@ar/core/scrub';
import * as Sentry from '@sentry/react';
import type { WebReporter } from './web-report.ts';

/**
 * The web's reports through Sentry's official browser SDK (@sentry/react), loaded only when the
 * installation has a DSN (error-reporting.ts). Errors only: no tracing, no replay, no sessions, no
 * breadcrumbs (they would carry the URLs and texts of the screens), no request data.
 */
export function startSentry(settings: NonNullable<PublicConfig['errorReporting']>): WebReporter {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: (event) => {
      delete event.request;
      delete event.breadcrumbs;
      delete event.user;
      if (event.message) event.message = scrubText(event.message);
      for (const value of event.exception?.values ?? []) {
        if (value.value) value.value = scrubText(value.value);
        for (const frame of value.stacktrace?.frames ?? []) if (frame.filename) frame.filename = scrubPath(frame.filename);
      }
      return event;
    },
  });
  return {
    send(report) {
      if (report.kind === 'exception') {
        Sentry.captureException(report.error instanceof Error ? report.error : new Error(scrubText(String(report.error))), {
          tags: { where: 'navegador', screen: report.screen },
        });
        return;
      }
      const { call } = report;
      const failed = !call || call.status === 0 || call.status >= 500;
      Sentry.captureMessage(`${report.title}: ${report.message}`, {
        level: failed ? 'error' : 'warning',
        tags: {
          where: 'modal',
          screen: report.screen,
          ...(call ? { call: `${call.method} ${call.path}`, 'http.status_code': String(call.status) } : {}),
          ...(call?.requestId ? { request_id: call.requestId } : {}),
        },
        extra: { title: report.title, message: report.message, call: call ? `${call.method} ${call.path} → ${call.status}` : null },
        fingerprint: ['modal', report.title, report.message],
      });
    },
  };
}
