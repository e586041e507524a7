import type { PublicMessage } from '@ar/core';
import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { formatDateTime } from '../../app/format.ts';
import { FailureNotice } from './FailureNotice.tsx';
import { attachmentPagePath } from './public.api.ts';

/** The AR-Email tab: the message as sent (sandboxed), its attachments and its history (or why it failed). */
export function MessageContent({ m, failed }: { m: PublicMessage; failed: boolean }) {
  return (
    <Stack>
      <iframe
        title="Conteúdo da mensagem"
        data-testid="public-content"
        // No scripts, no forms; links open in a new tab.
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={`<base target="_blank"><style>body{font-family:Arial,Helvetica,sans-serif;color:#1f2933}</style>${m.content}`}
        style={{
          width: '100%',
          minHeight: 260,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 6,
          background: '#fff',
        }}
      />
      {m.attachments.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>Anexos</Text>
          {m.attachments.map((a) => (
            <Group key={a.uuidFilename} gap="xs">
              <Anchor
                component="button"
                type="button"
                // The new tab's download carries the answer cookie by itself; its address holds no answer.
                onClick={() => window.open(attachmentPagePath(a.originalFilename, a.uuidFilename), '_blank')}
              >
                <IconPaperclip size={14} style={{ verticalAlign: 'middle' }} /> {a.originalFilename}
              </Anchor>
              {a.track.date && (
                <Text size="xs" c="dimmed">
                  baixado em {formatDateTime(a.track.date)}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {failed ? <FailureNotice m={m} /> : <History m={m} />}
    </Stack>
  );
}

function History({ m }: { m: PublicMessage }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Histórico</Text>
      <Timeline bulletSize={14} lineWidth={2} active={m.timeline.length}>
        {m.timeline.map((t) => (
          <Timeline.Item key={`${t.date}-${t.status}`} title={t.status}>
            <Text size="xs" c="dimmed">
              {formatDateTime(t.date)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
