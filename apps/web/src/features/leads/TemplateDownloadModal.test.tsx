import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateDownloadModal } from './TemplateDownloadModal.tsx';

afterEach(() => vi.restoreAllMocks());

describe('TemplateDownloadModal: DESTINATARIOS.csv', () => {
  it('writes a custom variable named like a formula as text, never as a formula', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:modelo';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // The server normalises names it saves (A-Z0-9_); the writer must not depend on it.
    const formula = '=HYPERLINK("HTTP://EVIL.TEST";"CLIQUE")';
    render(
      <MantineProvider>
        <TemplateDownloadModal customFields={[{ id: '1', description: 'Link', value: `*|${formula}|*` }]} onClose={() => {}} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByLabelText(formula));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar' }));
    expect(blobs).toHaveLength(1);
    const text = await (blobs[0] as Blob).text();
    expect(text).toBe('NOME;EMAIL;"\'=HYPERLINK(""HTTP://EVIL.TEST"";""CLIQUE"")"\r\n');
    for (const cell of text.trim().split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
  });
});
