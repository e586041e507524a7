import { describe, expect, it } from 'vitest';
import { checkChosenFile, formatSize, prepareText } from './upload-flow.ts';

describe('the upload modal’s checks (spec 002 §5)', () => {
  it('refuses what is not a csv and what is over 5 MB, with the spec titles', () => {
    expect(checkChosenFile({ name: 'a.xlsx', type: 'application/vnd.ms-excel', size: 10 })).toEqual({
      ok: false,
      title: 'Arquivo Inválido',
      message: 'Por favor, selecione um arquivo CSV válido.',
    });
    expect(checkChosenFile({ name: 'a.csv', type: '', size: 5 * 1024 * 1024 + 1 })).toEqual({
      ok: false,
      title: 'Arquivo Muito Grande',
      message: 'O arquivo deve ter no máximo 5MB.',
    });
    expect(checkChosenFile({ name: 'a.csv', type: 'text/csv', size: 5 * 1024 * 1024 })).toEqual({ ok: true });
  });

  it('converts an ISO-8859-1 file to UTF-8 and refuses a comma header', () => {
    const latin = Uint8Array.from(
      [...'ASSUNTO;NOME_DESTINATARIO;EMAIL_DESTINATARIO;MODELO\nNotificação;João;j@c.test;M\n'].map((c) => c.charCodeAt(0)),
    );
    const ok = prepareText(latin, 'ISO-8859-1');
    expect('utf8' in ok && new TextDecoder().decode(ok.utf8)).toContain('Notificação;João');
    expect(prepareText(new TextEncoder().encode('A,B,C\n1,2,3\n'), 'UTF-8')).toEqual({
      problem: 'Use ponto e vírgula (;) como separador de colunas',
    });
    expect(formatSize(2 * 1024 * 1024)).toBe('2 MB');
  });
});
