import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, attachmentLimitBytes, attachmentsProblem, attachmentType } from './attachments.ts';
import { EMAIL_MSG } from './contracts/emails.ts';

const user = { usu_limite_anexo: null };

describe('attachments', () => {
  it('refuses other file types, more than 20 files and more than the size limit', () => {
    expect(
      attachmentsProblem(
        [
          { name: 'a.exe', size: 1 },
          { name: 'b.pdf', size: 1 },
          { name: 'c.bat', size: 1 },
        ],
        [],
        user,
      ),
    ).toBe('Tipo de Arquivos não permitido: a.exe, c.bat. Tipos aceitos: PNG, JPG, JPEG, GIF, DOC, DOCX, XLS, XLSX, PDF e ZIP.');
    expect(attachmentsProblem([{ name: 'A.PDF', size: 1 }], [], user)).toBeNull();
    const twenty = Array.from({ length: 20 }, () => ({ size: 1 }));
    expect(attachmentsProblem([{ name: 'a.pdf', size: 1 }], twenty, user)).toBe(EMAIL_MSG.tooManyAttachments);
    expect(attachmentsProblem([{ name: 'a.zip', size: 13 * 1024 * 1024 }], [], user)).toBe(EMAIL_MSG.attachmentsTooLarge);
    expect(attachmentsProblem([{ name: 'a.zip', size: 13 * 1024 * 1024 }], [], { usu_limite_anexo: 20 })).toBeNull();
  });

  it('knows each allowed extension, in any case, and nothing else', () => {
    expect(attachmentType('planilha.XLSX')).toEqual({
      kind: 'zip',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(attachmentType('foto.jpg')?.kind).toBe('jpeg');
    expect(attachmentType('semextensao')).toBeNull();
    expect(attachmentType('x.constructor')).toBeNull();
    expect(ATTACHMENT_ACCEPT).toBe('.png,.jpg,.jpeg,.gif,.doc,.docx,.xls,.xlsx,.pdf,.zip');
  });

  it('limits the total to the user setting in MB, 12 MB by default', () => {
    expect(attachmentLimitBytes(user)).toBe(12 * 1024 * 1024);
    expect(attachmentLimitBytes({ usu_limite_anexo: 5 })).toBe(5 * 1024 * 1024);
  });
});
