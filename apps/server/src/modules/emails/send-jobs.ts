import type { Channel } from '@ar/core';
import type { Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema.ts';
import { PHONE_SEND_QUEUES } from '../channels/channel-send.worker.ts';
import { LETTER_SEND_QUEUE } from '../channels/letter/letter-send.worker.ts';
import { VOICE_SEND_QUEUE } from '../channels/voice/voice-send.worker.ts';
import { EMAIL_SEND_QUEUE } from './send.worker.ts';

/**
 * One statement per channel queues every message's job of that channel, in the send's transaction.
 * No job, no message: a stored (and paid) message must not stay behind.
 */
export async function queueSendJobs(
  trx: Transaction<DB>,
  boss: PgBoss,
  codes: number[],
  envio: string,
  startAfter?: Date,
  channel: Channel = 'email',
): Promise<void> {
  if (codes.length === 0) return;
  const { queue, jobs } = sendJobs(codes, startAfter, channel);
  const ids = await boss.insert(queue, jobs, { db: fromKysely(trx), returnId: true });
  checkAllQueued(ids?.length ?? 0, codes.length, channel, envio);
}

/** No job, no message: fewer jobs stored than messages refuses the send (its transaction rolls back). */
export function checkAllQueued(queued: number, messages: number, channel: Channel, envio: string): void {
  if (queued !== messages) throw new Error(`${messages - queued} ${channel} job(s) of send ${envio} not queued`);
}

/** The messages' jobs of one channel and the queue they go to (queueSendJobs; storeSend inserts them in its own statement). */
export function sendJobs(codes: number[], startAfter: Date | undefined, channel: Channel) {
  const queue =
    channel === 'email'
      ? EMAIL_SEND_QUEUE
      : channel === 'voz'
        ? VOICE_SEND_QUEUE
        : channel === 'carta'
          ? LETTER_SEND_QUEUE
          : PHONE_SEND_QUEUES[channel];
  // A call's first try is try 1 (docs/voice.md: the retries are jobs of their own).
  const jobs = codes.map((cod_email) => ({
    data: channel === 'voz' ? { cod_email, tentativa: 1 } : { cod_email },
    singletonKey: `${channel}:${cod_email}`,
    ...(startAfter ? { startAfter } : {}),
  }));
  return { queue, jobs };
}
