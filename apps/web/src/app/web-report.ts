/** What the web reports (error-reporting.ts) and what sends it (sentry-web.ts, loaded only with a DSN). */
export interface FailedCall {
  method: string;
  path: string;
  status: number;
  requestId?: string;
}

export type WebReport =
  | { kind: 'modal'; title: string; message: string; call: FailedCall | null; screen: string }
  | { kind: 'exception'; error: unknown; screen: string };

export interface WebReporter {
  send(report: WebReport): void;
}
