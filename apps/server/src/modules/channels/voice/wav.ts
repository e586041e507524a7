import { createHash } from 'node:crypto';

/**
 * A short WAV made in code (8 kHz, 16-bit PCM, mono): what the simulator serves as a call's
 * recording (docs/voice.md). A beep, eight tones whose pitches come from `seed` (so each recording
 * has its own bytes and hash), silence between them, and a closing beep: about two seconds, no
 * speech synthesis and no network.
 */
const RATE = 8000;

function tone(hz: number, ms: number, volume = 0.3): Int16Array {
  const n = Math.round((RATE * ms) / 1000);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    // A short fade in and out keeps the tone from clicking.
    const edge = Math.min(1, i / 80, (n - 1 - i) / 80);
    out[i] = Math.round(32767 * volume * edge * Math.sin((2 * Math.PI * hz * i) / RATE));
  }
  return out;
}

const silence = (ms: number) => new Int16Array(Math.round((RATE * ms) / 1000));

export function recordingWav(seed: string): Buffer {
  const digest = createHash('sha256').update(seed).digest();
  const parts: Int16Array[] = [tone(880, 250), silence(250)];
  for (let i = 0; i < 8; i++) parts.push(tone(300 + (digest[i] ?? 0) * 3, 120), silence(60));
  parts.push(silence(200), tone(660, 300));
  const samples = parts.reduce((s, p) => s + p.length, 0);
  const data = Buffer.alloc(samples * 2);
  let offset = 0;
  for (const p of parts) for (const v of p) offset = data.writeInt16LE(v, offset);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
