import type { AttachmentRef } from '@ar/core';
import { ATTACHMENT_ACCEPT, attachmentLimitBytes, attachmentsProblem, MAX_ATTACHMENTS } from '@ar/core';
import { ActionIcon, Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { showWarning } from '../../../app/alerts.ts';
import { uploadAttachmentsCall } from './compose.api.ts';
import type { ComposeUser } from './compose-form.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** The attachment uploader: several files at once, checked here and again (by content) on the server. */
export function AttachmentsField({
  value,
  onChange,
  user,
  error,
}: {
  value: AttachmentRef[];
  onChange: (next: AttachmentRef[]) => void;
  user: ComposeUser;
  error?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const used = value.reduce((s, a) => s + a.size, 0);

  async function add(files: File[]) {
    if (!files.length) return;
    const problem = attachmentsProblem(files, value, user);
    if (problem) return showWarning(problem);
    setUploading(true);
    try {
      const uploaded = await uploadAttachmentsCall(files);
      onChange([...value, ...uploaded]);
    } catch (e) {
      const detail = e instanceof ApiError && e.status === 400 ? e.message : 'Houve um erro ao fazer o upload dos anexos';
      showWarning(detail);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton onChange={(f) => void add(f)} accept={ATTACHMENT_ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={uploading}>
              Anexar arquivos
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" data-testid="attachments-usage">
          {value.length} de {MAX_ATTACHMENTS} anexos · {mb(used)} de {mb(attachmentLimitBytes(user))}
        </Text>
      </Group>
      {value.length > 0 && (
        <Group gap={6}>
          {value.map((a) => (
            <Badge
              key={a.uuidFilename}
              variant="light"
              size="lg"
              radius="sm"
              tt="none"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Remover anexo ${a.originalFilename}`}
                  onClick={() => onChange(value.filter((x) => x.uuidFilename !== a.uuidFilename))}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {a.originalFilename}
            </Badge>
          ))}
        </Group>
      )}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
