import { describe, expect, it } from 'vitest';
import { acceptedMime, sniffKind } from './content-type.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const pdf = Buffer.from('%PDF-1.7\n');
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const exe = Buffer.from('MZ\x90\x00\x03');

describe('attachment content types', () => {
  it('recognises each allowed kind by its first bytes', () => {
    expect(sniffKind(png)).toBe('png');
    expect(sniffKind(pdf)).toBe('pdf');
    expect(sniffKind(zip)).toBe('zip');
    expect(sniffKind(ole)).toBe('ole');
    expect(sniffKind(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffKind(exe)).toBeNull();
  });

  it('accepts a name only when the content agrees', () => {
    expect(acceptedMime('contrato.PDF', pdf)).toBe('application/pdf');
    expect(acceptedMime('planilha.xlsx', zip)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(acceptedMime('antigo.doc', ole)).toBe('application/msword');
    expect(acceptedMime('foto.jpg', png)).toBeNull();
    expect(acceptedMime('virus.pdf', exe)).toBeNull();
    expect(acceptedMime('script.exe', exe)).toBeNull();
    expect(acceptedMime('semextensao', pdf)).toBeNull();
  });
});
