import type { SentDetail } from '@ar/core';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { downloadFile } from '../../api/download.ts';
import { showWarning } from '../../app/alerts.ts';
import { useBusy } from '../../components/use-busy.ts';

/** The sent message's attachments, each a download that shows it is under way. */
export function SentAttachments({ id, attachments }: { id: number; attachments: SentDetail['ema_uni_attachments']['attachments'] }) {
  const { run, isBusy } = useBusy();
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Anexos
      </Text>
      <Stack gap={4}>
        {attachments.map((a) => (
          <Anchor
            key={a.uuidFilename}
            component="button"
            type="button"
            aria-busy={isBusy(a.uuidFilename)}
            onClick={() =>
              void run(a.uuidFilename, () =>
                downloadFile(`/email/attachments/${id}/${a.uuidFilename}`, a.originalFilename).catch(() =>
                  showWarning('Houve um erro ao fazer o download dos anexos'),
                ),
              )
            }
          >
            <Group gap={4}>
              {isBusy(a.uuidFilename) ? <Loader size={14} /> : <IconPaperclip size={14} />}
              {a.originalFilename} ({Math.ceil(a.size / 1024)} KB)
            </Group>
          </Anchor>
        ))}
      </Stack>
    </div>
  );
}
