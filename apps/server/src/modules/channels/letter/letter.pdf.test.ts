import { createHash } from 'node:crypto';
import { type LetterAddressInput, letterAddress } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { LETTER_ADDRESS } from '../../../../test/letters.ts';
import { pdfPageCount, pdfQrCodes, pdfText, pdfWords } from '../../../../test/pdf-reader.ts';
import { LETTER_WINDOW, type LetterInput, renderLetter } from './letter.pdf.ts';

const uuid = '3f2b8c1e-4d5a-4e6f-9a7b-1c2d3e4f5a6b';
const address: LetterAddressInput = { ...LETTER_ADDRESS, cep: '01310200' };
const letter = (over: Partial<LetterInput> = {}): LetterInput => ({
  protocol: 482913,
  uuid,
  publicUrl: 'https://ar.exemplo.test/',
  sender: { name: 'Cobrança Demo Ltda', returnAddress: 'Rua da Consolação, 100 - 01302-000 São Paulo - SP' },
  recipient: letterAddress.parse(address),
  subject: 'Notificação extrajudicial — contrato 77/2026',
  html:
    '<p>Prezada Senhora,</p><p>Fica V. Sa. <b>notificada</b> do vencimento &amp; da multa de 2% &lt;cláusula 9&gt;.<br>Prazo: 10 dias.</p>' +
    '<script>alert("x")</script><ul><li>Primeiro item</li><li>Segundo <img src="x" onerror="alert(1)"> item</li></ul>' +
    '<p style="color:red" onclick="steal()">Atenciosamente.</p>',
  // 22:30 on 25 November in Brasília (01:30 UTC on the 26th): the letter is dated the 25th.
  createdAt: new Date('2026-11-26T01:30:00Z'),
  ...over,
});
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** Every word of page 1 whose text is one of `lines`' words, each inside the DL window. */
async function wordsOutsideWindow(pdf: Buffer, lines: string[]) {
  const expected = new Set(lines.flatMap((l) => l.split(/\s+/)));
  const words = (await pdfWords(pdf)).filter((w) => w.page === 1 && expected.has(w.text));
  const w = LETTER_WINDOW;
  const outside = words.filter((b) => b.xMin < w.x || b.xMax > w.x + w.width || b.yMin < w.y || b.yMax > w.y + w.height);
  return { found: new Set(words.map((b) => b.text)), outside, expected };
}

describe('the AR-Carta letter PDF', () => {
  it('prints the cover, the letterhead, the date in Brasília, the subject, the text without markup and the protocol', async () => {
    const { pdf, sha256, pages } = await renderLetter(letter());
    expect(sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(pages).toBe(2);
    expect(await pdfPageCount(pdf)).toBe(2);
    const raw = await pdfText(pdf);
    const text = flat(raw);
    const [cover, body] = raw.split('\f').map(flat) as [string, string];
    for (const s of [
      'AR-Carta',
      'Remetente: Cobrança Demo Ltda · Rua da Consolação, 100 - 01302-000 São Paulo - SP',
      'Ana Beatriz Souza',
      'Avenida Paulista, 1578 - Conjunto 42',
      'Bela Vista',
      '01310-200 São Paulo - SP',
      'Protocolo nº 482913',
      uuid,
      '25/11/2026 22:30',
      'Folhas 2 (com esta capa)',
    ])
      expect(cover).toContain(s);
    for (const s of [
      'Cobrança Demo Ltda',
      '25 de novembro de 2026',
      'Assunto: Notificação extrajudicial — contrato 77/2026',
      'Prezada Senhora,',
      'Fica V. Sa. notificada do vencimento & da multa de 2% <cláusula 9>.',
      'Prazo: 10 dias.',
      '• Primeiro item',
      '• Segundo item',
      'Atenciosamente.',
      'Protocolo nº 482913',
      `https://ar.exemplo.test/emails/info/public/${uuid}`,
      'Página 2 de 2',
    ])
      expect(body).toContain(s);
    for (const s of ['alert', 'onerror', 'steal', 'color:red', '<b>', '<p']) expect(text).not.toContain(s);
  });

  it('puts a QR code of the public page on page 2', async () => {
    const { pdf } = await renderLetter(letter());
    expect(await pdfQrCodes(pdf, { first: 2, last: 2 })).toEqual([`https://ar.exemplo.test/emails/info/public/${uuid}`]);
    // The cover has none: it is what the envelope's window shows.
    expect(await pdfQrCodes(pdf, { first: 1, last: 1 })).toEqual([]);
  });

  it('lays the address and the return line inside the DL window (90 × 45 mm, 20 mm from the left, 50 mm from the top)', async () => {
    const { pdf } = await renderLetter(letter());
    const lines = ['Ana Beatriz Souza', 'Avenida Paulista, 1578 - Conjunto 42', 'Bela Vista', '01310-200 São Paulo - SP', 'Remetente:'];
    const { found, outside, expected } = await wordsOutsideWindow(pdf, lines);
    expect(found).toEqual(expected);
    expect(outside).toEqual([]);
    // The window's rectangle in points: 56.7, 141.7, 255.1 × 127.6.
    expect([LETTER_WINDOW.x, LETTER_WINDOW.y, LETTER_WINDOW.width, LETTER_WINDOW.height].map((v) => Math.round(v * 10) / 10)).toEqual([
      56.7, 141.7, 255.1, 127.6,
    ]);
  });

  it('keeps a long address inside the window, smaller or wrapped, and a long letter flows to more pages', async () => {
    const long = letterAddress.parse({
      ...address,
      nome: 'Maria Aparecida dos Santos Albuquerque de Oliveira Cavalcanti',
      endereco: 'Rua Doutor Professor Engenheiro Arquiteto Urbanista Francisco de Paula Rodrigues Alves Sobrinho Filho Neto',
      complemento: 'Bloco C Apartamento 1204 Fundos Torre Norte',
      bairro: 'Jardim das Acácias do Vale Verde',
    });
    const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Parágrafo ${i + 1}: ${'texto da notificação '.repeat(20)}</p>`).join('');
    const { pdf, pages } = await renderLetter(letter({ recipient: long, html: paragraphs }));
    expect(pages).toBeGreaterThan(3);
    const words = (await pdfWords(pdf)).filter((w) => w.page === 1);
    const w = LETTER_WINDOW;
    const inWindow = words.filter((b) => b.yMin >= w.y && b.yMax <= w.y + w.height && b.xMin >= w.x && b.xMax <= w.x + w.width);
    const text = inWindow.map((b) => b.text).join(' ');
    for (const word of ['Cavalcanti', 'Sobrinho', 'Fundos', 'Acácias', '01310-200', 'SP']) expect(text).toContain(word);
    // Nothing of the address lies across the window's edges.
    const across = words.filter(
      (b) => b.xMin < w.x + w.width && b.xMax > w.x && b.yMin < w.y + w.height && b.yMax > w.y && !inWindow.includes(b),
    );
    expect(across).toEqual([]);
    const body = flat(await pdfText(pdf));
    expect(body).toContain('Parágrafo 40:');
    expect(await pdfQrCodes(pdf, { first: pages, last: pages })).toEqual([`https://ar.exemplo.test/emails/info/public/${uuid}`]);
  });
});
