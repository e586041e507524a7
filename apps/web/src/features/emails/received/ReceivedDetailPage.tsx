import { EMAIL_SUBJECT_MAX, escapeHtml, RECEIVED_MSG, type ReceivedEmail } from '@ar/core';
import { Anchor, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconPaperclip } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadFile } from '../../../api/download.ts';
import { showWarning } from '../../../app/alerts.ts';
import { formatDateTime } from '../../../app/format.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useBusy } from '../../../components/use-busy.ts';
import { useSession } from '../../../session/session.ts';
import { ComposeForm, type ReplyTo } from '../compose/ComposePage.tsx';
import { EmailsLayout } from '../EmailsLayout.tsx';
import { getReceivedCall } from './received.api.ts';

/** The reply's starting point: 'Re: ' once, and the original quoted under an attribution line. */
export function replyOf(m: ReceivedEmail): ReplyTo {
  const subject = /^re:/i.test(m.ema_uni_subject.trim()) ? m.ema_uni_subject.trim() : `Re: ${m.ema_uni_subject.trim()}`;
  const original = m.ema_uni_content.trim() || `<p>${escapeHtml(m.ema_uni_text).replace(/\n/g, '<br>')}</p>`;
  return {
    codEmailReply: m.ema_uni_codigo,
    codEmailReplyBase: m.replyBase.ema_uni_codigo,
    to: m.from,
    nameTo: m.nameFrom || m.from.split('@')[0] || '',
    subject: subject.slice(0, EMAIL_SUBJECT_MAX),
    content: `<p></p><p>Em ${formatDateTime(m.ema_uni_data_criacao)}, ${escapeHtml(m.nameFrom || m.from)} &lt;${escapeHtml(m.from)}&gt; escreveu:</p><blockquote>${original}</blockquote>`,
  };
}

/** /emails/recebidos/info/{codEmail}: a reply received, marked read on opening, and the 'Responder' panel (spec 001 §2.9). */
export default function ReceivedDetailPage() {
  const id = Number(useParams().codEmail);
  const session = useSession();
  const client = useQueryClient();
  const [replying, setReplying] = useState(false);
  const downloads = useBusy();
  const detail = useQuery({
    queryKey: ['email-recebido', id],
    queryFn: () => getReceivedCall(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  useEffect(() => {
    if (detail.isError) showWarning(RECEIVED_MSG.getError);
  }, [detail.isError]);
  // Opening marked it read: the list shows it so.
  useEffect(() => {
    if (detail.isSuccess) void client.invalidateQueries({ queryKey: ['emails-recebidos'] });
  }, [detail.isSuccess, client]);

  const m = detail.data;
  return (
    <EmailsLayout
      title="AR-Email Recebido"
      help="A resposta do destinatário a uma mensagem sua. Você pode respondê-la com um novo AR-Email."
    >
      <Group mb="sm">
        <Button component={Link} to="/emails/recebidos" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Voltar aos recebidos
        </Button>
      </Group>
      {detail.isPending && <PageLoader />}
      {m && session && (
        <Stack>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={4}>{m.ema_uni_subject}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="De" value={m.nameFrom ? `${m.nameFrom} <${m.from}>` : m.from} readOnly />
                <TextInput label="Para" value={m.to} readOnly />
                <TextInput label="Criado" value={formatDateTime(m.ema_uni_data_criacao)} readOnly />
                <TextInput label="Recebido em" value={formatDateTime(m.data_entrega)} readOnly />
              </SimpleGrid>
              <Text size="sm">
                Em resposta ao AR-Email{' '}
                <Anchor component={Link} to={`/emails/enviados/info/${m.replyBase.ema_uni_codigo}`}>
                  nº {m.replyBase.ema_uni_codigo} — {m.replyBase.ema_uni_subject}
                </Anchor>
              </Text>
              <iframe
                title="Conteúdo da mensagem recebida"
                data-testid="received-content"
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={`<base target="_blank"><style>body{font-family:Arial,Helvetica,sans-serif;color:#1f2933;white-space:normal}</style>${
                  m.ema_uni_content || `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(m.ema_uni_text)}</pre>`
                }`}
                style={{
                  width: '100%',
                  minHeight: 220,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 6,
                  background: '#fff',
                }}
              />
              {m.attachments.length > 0 && (
                <Group gap="xs">
                  {m.attachments.map((a) => (
                    <Button
                      key={a.uuidFilename}
                      variant="light"
                      size="xs"
                      leftSection={<IconPaperclip size={14} />}
                      loading={downloads.isBusy(a.uuidFilename)}
                      onClick={() =>
                        void downloads.run(a.uuidFilename, () =>
                          downloadFile(
                            `/email/attachments/${m.ema_uni_codigo}/${a.uuidFilename}?path=${encodeURIComponent(a.pathS3)}`,
                            a.originalFilename,
                          ).catch(() => showWarning('Houve um erro ao fazer o download dos anexos')),
                        )
                      }
                    >
                      {a.originalFilename}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>

          <Paper withBorder p="lg" radius="md">
            <Button
              variant={replying ? 'light' : 'filled'}
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => setReplying((r) => !r)}
              aria-expanded={replying}
            >
              Responder
            </Button>
            <Collapse in={replying}>
              <Stack mt="md">{replying && <ComposeForm user={session.user} reply={replyOf(m)} />}</Stack>
            </Collapse>
          </Paper>
        </Stack>
      )}
    </EmailsLayout>
  );
}
