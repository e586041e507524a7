import { SIMULATED_EVIDENCE, SIMULATED_NOTICE, SIMULATED_TITLE } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { insertMessage } from '../../../test/messages.ts';
import { pdfText } from '../../../test/pdf-reader.ts';
import { recordEvent } from '../emails/events.ts';

// The PDFs of a message whose evidence came partly from the demo mode's simulators say so: the
// notice on top of the sending proof and of the laudo, and each simulated event's own row in the
// laudo (docs/simulators.md). The simulators themselves are in simulator.product.test.ts; here the
// mark is on the event, as they leave it, so each document is checked with and without it.

const t = useTestApp();
const as = t.signIns({ ana: 'usuario@demo.local' });

/** An e-mail message with a real chain: processed, send (captured by the local mailbox when `simulated`), read by a person. */
async function messageWithEvents(simulated: boolean): Promise<number> {
  const { ema_uni_codigo: id } = await insertMessage(t.ctx.db, { login: 'usuario@demo.local', at: new Date() });
  await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'processed' });
  await recordEvent(t.ctx.db, {
    cod_email: id,
    canal: 'email',
    tipo: 'send',
    detalhes: { relay: 'captured', ...(simulated ? { simulado: true } : {}) },
  });
  await recordEvent(t.ctx.db, { cod_email: id, canal: 'email', tipo: 'read', ip: '8.8.8.8' });
  return id;
}

async function documents(id: number): Promise<{ proof: string; laudo: string }> {
  const proof = await t.call('PUT', `/emails/sending-proof/${id}`, as.ana, { name: 'Ana', email: 'usuario@demo.local' });
  const laudo = await t.call('GET', `/emails/report/laudo/${id}`, as.ana);
  expect([proof.statusCode, laudo.statusCode]).toEqual([200, 200]);
  const flat = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');
  return { proof: await flat(proof.rawPayload), laudo: await flat(laudo.rawPayload) };
}

const ORIGIN = `Origem Simulador do modo de demonstração: ${SIMULATED_EVIDENCE}`;

describe('simulated evidence in the PDFs', () => {
  it('the sending proof and the laudo carry the notice, and the laudo marks the simulated event only', async () => {
    const { proof, laudo } = await documents(await messageWithEvents(true));
    expect(proof).toContain(SIMULATED_NOTICE);
    expect(laudo).toContain(SIMULATED_NOTICE);
    // Of processed, send and read, only the send came from the simulator.
    expect(laudo.split(ORIGIN).length - 1).toBe(1);
    expect(laudo).toContain('Cadeia ÍNTEGRA: os 3 eventos');
  });

  it('a message with no simulated event has neither', async () => {
    const { proof, laudo } = await documents(await messageWithEvents(false));
    for (const text of [proof, laudo]) {
      expect(text).toMatch(/protocolo/i);
      expect(text).not.toContain(SIMULATED_TITLE);
      expect(text).not.toContain('Simulador do modo de demonstração');
    }
  });
});
