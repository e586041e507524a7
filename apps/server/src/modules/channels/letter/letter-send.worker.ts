import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../../context.ts';
import { warmQueueCache } from '../../../queue/boss.ts';
import { deliverLetter, failLetter, trackQuietLetters } from './letter.service.ts';

/** AR-Carta's queue (docs/letters.md): one job per message with a letter. */
export const LETTER_SEND_QUEUE = 'carta-send';
const LETTER_FAILED_QUEUE = 'carta-send-failed';
/** The tracking sweep: hourly, the letters whose callbacks stopped asked of the provider (docs/letters.md). */
const LETTER_TRACK_QUEUE = 'carta-rastreio';

/** Made at start, workers or not (pg-boss stores no job for an unknown queue). */
export async function createLetterQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(LETTER_FAILED_QUEUE);
  await boss.createQueue(LETTER_SEND_QUEUE, {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    // A letter's PDF is rendered and sent whole: more time than a text message.
    expireInSeconds: 300,
    deadLetter: LETTER_FAILED_QUEUE,
  });
  await boss.createQueue(LETTER_TRACK_QUEUE, { policy: 'short', retryLimit: 0, expireInSeconds: 900 });
  await warmQueueCache(boss, [LETTER_SEND_QUEUE, LETTER_FAILED_QUEUE, LETTER_TRACK_QUEUE]);
}

/** The letter worker; a job that exhausts its retries ends the letter in 'erro' with its credit back. */
export async function startLetterWorkers(ctx: AppContext, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 0.5;
  await createLetterQueues(boss);
  await boss.work<{ cod_email: number }>(LETTER_SEND_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (job) await deliverLetter(ctx, job.data.cod_email);
  });
  await boss.work<{ cod_email: number }>(LETTER_FAILED_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (job) await failLetter(ctx, job.data.cod_email, 'O provedor de cartas não aceitou a carta após várias tentativas.');
  });
  await boss.work(LETTER_TRACK_QUEUE, { batchSize: 1, pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
    const outcome = await trackQuietLetters(ctx);
    if (outcome.asked > 0) ctx.log.info(outcome, 'rastreamento de cartas consultado');
  });
  await boss.schedule(LETTER_TRACK_QUEUE, '41 * * * *');
}
