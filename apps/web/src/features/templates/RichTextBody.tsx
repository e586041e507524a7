import '@mantine/tiptap/styles.css';
import { BUILTIN_VARIABLE_NAMES, placeholder } from '@ar/core';
import { Button, Menu } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconPhoto, IconVariable } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { EDITOR_LABELS } from './editor-labels.ts';
import { VariableSafeBold, VariableSafeItalic } from './variable-safe-marks.ts';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The template body: rich text with inline images (kept as data: URLs inside the HTML) and a
 * menu to insert template variables. The server sanitizes whatever arrives.
 */
export function RichTextBody({
  value,
  onChange,
  variables,
  testId = 'template-body',
  label = 'Conteúdo',
}: {
  value: string;
  onChange: (html: string) => void;
  variables: string[];
  testId?: string;
  /** The editing area's accessible name (it is a textbox of its own, apart from the visible heading). */
  label?: string;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({ bold: false, italic: false }),
      VariableSafeBold,
      VariableSafeItalic,
      Image.configure({ allowBase64: true, inline: false }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // Content set from outside (a template loaded, the form cleared, the edit page's data arriving)
  // replaces what the editor shows; what the editor itself reported is left alone.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = (file: File | undefined) => {
    if (!file || !editor) return;
    const reader = new FileReader();
    reader.onload = () =>
      editor
        .chain()
        .focus()
        .setImage({ src: String(reader.result), alt: file.name })
        .run();
    reader.readAsDataURL(file);
  };

  return (
    <RichTextEditor editor={editor} labels={EDITOR_LABELS} data-testid={testId}>
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <RichTextEditor.Control onClick={() => fileRef.current?.click()} aria-label="Inserir imagem" title="Inserir imagem">
            <IconPhoto size={16} stroke={1.5} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
        {/* Focus stays in the text: the caret after the inserted variable, where typing goes on. */}
        <Menu shadow="md" position="bottom-end" withinPortal returnFocus={false}>
          <Menu.Target>
            <Button size="compact-sm" variant="default" leftSection={<IconVariable size={14} />}>
              Variáveis
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
            {[...BUILTIN_VARIABLE_NAMES.map(placeholder), ...variables].map((v) => (
              <Menu.Item
                key={v}
                onClick={() => {
                  if (!editor) return;
                  // Focus goes back to the text now, not on the next frame as tiptap's focus command
                  // does: a key pressed right after the click (a fast typist, a loaded machine) would
                  // otherwise land on the closing menu and be lost. The caret is where it was.
                  editor.view.focus();
                  editor.commands.insertContent(v);
                }}
              >
                {v}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={220} />
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        data-testid="template-image-input"
        onChange={(e) => {
          insertImage(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </RichTextEditor>
  );
}
