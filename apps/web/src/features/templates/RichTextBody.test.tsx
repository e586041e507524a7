import { MantineProvider } from '@mantine/core';
import { DEFAULT_LABELS } from '@mantine/tiptap';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDITOR_LABELS } from './editor-labels.ts';
import { RichTextBody } from './RichTextBody.tsx';

// The editor of templates and of compose speaks Portuguese: every tooltip, accessible name and
// placeholder of its toolbar and of its link editor (issue 43: 'Bold', 'Heading 1', 'Undo'…).

const resolve = (v: string | ((color: string) => string)) => (typeof v === 'function' ? v('#fff') : v);
/** @mantine/tiptap's own English labels, and the words they are made of (not those Portuguese shares: link, horizontal). */
const ENGLISH_LABELS = new Set(Object.values(DEFAULT_LABELS).map(resolve));
const ENGLISH =
  /\b(bold|italic|underline|strikethrough|clear|formatting|heading|blockquote|bullet|ordered|list|line|remove|undo|redo|enter|url|open|tab|save|cancel|color|text|insert|image|example|set|switch|align)\b/i;
const isEnglish = (t: string) => ENGLISH_LABELS.has(t) || ENGLISH.test(t);

/** Every text a person reads or hears on the editor's controls. */
function texts(root: HTMLElement) {
  const out: string[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], button, label'))
    for (const t of [el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('placeholder'), el.textContent])
      if (t?.trim()) out.push(t.trim());
  return out;
}

describe('RichTextBody', () => {
  it('names every control in Portuguese, the link editor included', async () => {
    render(
      <MantineProvider>
        <RichTextBody value="<p>Olá</p>" onChange={() => {}} variables={[]} />
      </MantineProvider>,
    );
    const toolbar = await screen.findByRole('button', { name: 'Negrito' });
    for (const name of [
      'Itálico',
      'Título 1',
      'Lista com marcadores',
      'Lista numerada',
      'Desfazer',
      'Refazer',
      'Inserir link',
      'Inserir imagem',
    ])
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    expect(toolbar.getAttribute('title')).toBe('Negrito');

    // The link editor opens in a popover: its field and buttons too.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Inserir link' })));
    expect(await screen.findByPlaceholderText(EDITOR_LABELS.linkEditorInputPlaceholder)).toBeTruthy();

    const seen = texts(document.body);
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter(isEnglish)).toEqual([]);
  });

  it('has no English label left in the set it gives the editor', () => {
    const values = Object.values(EDITOR_LABELS).map(resolve);
    expect(values.filter((t) => isEnglish(t.replace('https://exemplo.com.br/', '')))).toEqual([]);
    // The check itself catches the library's labels.
    expect(Object.values(DEFAULT_LABELS).map(resolve).every(isEnglish)).toBe(true);
  });
});
