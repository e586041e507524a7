import type { AppContext } from '../../../context.ts';
import { warmQueueCache } from '../../../queue/boss.ts';
import { failChannel } from '../channels.service.ts';
import { placeCall, VOICE_SEND_QUEUE } from './voice.service.ts';

export { VOICE_SEND_QUEUE } from './voice.service.ts';

const FAILED_QUEUE = 'voz-send-failed';

/** AR-Voz's queues: made at start, workers or not (pg-boss stores no job for an unknown queue). */
export async function createVoiceQueues(ctx: AppContext): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  await boss.createQueue(FAILED_QUEUE);
  await boss.createQueue(VOICE_SEND_QUEUE, {
    retryLimit: 6,
    retryDelay: 20,
    retryBackoff: true,
    expireInSeconds: 120,
    deadLetter: FAILED_QUEUE,
  });
  await warmQueueCache(boss, [VOICE_SEND_QUEUE, FAILED_QUEUE]);
}

/** The call worker: a job per message and try ({cod_email, tentativa}); one that exhausts its retries ends the channel in 'erro'. */
export async function startVoiceWorkers(ctx: AppContext, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 0.5;
  await createVoiceQueues(ctx);
  await boss.work<{ cod_email: number; tentativa?: number }>(
    VOICE_SEND_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: polling, localConcurrency: 2 },
    async ([job]) => {
      if (job) await placeCall(ctx, job.data.cod_email, job.data.tentativa ?? 1);
    },
  );
  await boss.work<{ cod_email: number }>(FAILED_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (job) await failChannel(ctx, job.data.cod_email, 'voz', 'O provedor de voz não aceitou a chamada após várias tentativas.');
  });
}
