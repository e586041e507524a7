import cluster from 'node:cluster';
import client from 'prom-client';
import { registry } from './metrics.ts';

// Metrics under `npm run start:cluster` (scripts/start.mjs): the processes share one port, so a
// scrape reaches one of them at random. That one asks the supervisor, which collects every
// process's registry through prom-client's AggregatorRegistry (over the cluster's IPC) and answers
// the sum; the gauges read from the database are taken once ('max', gauges.ts). docs/operations.md.

export const isClusterWorker = (): boolean => cluster.isWorker;

let answering = false;

/** In a cluster process: answer the supervisor's requests for this process's metrics (prom-client's own protocol). */
export function answerClusterScrapes(): void {
  if (!cluster.isWorker || answering) return;
  answering = true;
  client.AggregatorRegistry.setRegistries([registry]);
  // Its constructor installs, in a cluster process, the listener that answers the supervisor.
  new client.AggregatorRegistry();
}

interface Answer {
  ar: 'metrics-answer';
  id: number;
  text?: string;
  error?: string;
}

let nextId = 0;

/** The cluster's metrics, summed by the supervisor. */
export function clusterMetrics(timeoutMs = 8_000): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (m: Answer) => {
      if (m?.ar !== 'metrics-answer' || m.id !== id) return;
      done();
      if (m.text !== undefined) resolve(m.text);
      else reject(new Error(`métricas do cluster: ${m.error ?? 'sem resposta'}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('métricas do cluster: o supervisor não respondeu'));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ ar: 'metrics', id });
  });
}
