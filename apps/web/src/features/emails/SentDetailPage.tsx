import { CHANNEL_NAMES, type Channel, PROOF_MSG } from '@ar/core';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconFileSearch, IconPaperclip, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { OficioSummary } from '../../components/OficioSummary.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { EmailsLayout } from './EmailsLayout.tsx';
import { downloadExpertReport, downloadFile, getSentCall, refreshStatusCall, type SentDetail } from './emails.api.ts';
import { MessageTags } from './MessageTags.tsx';

/** Panels share the row: 1 full, 2 half, 3 a third, 4 a quarter (spec 001 §2.7). */
const spanFor = (n: number) => 12 / Math.min(Math.max(n, 1), 4);

function StatusPanels({ detail }: { detail: SentDetail }) {
  const active = (Object.keys(detail.status) as Channel[]).filter((c) => detail.status[c].length > 0);
  return (
    <Grid>
      {active.map((channel) => {
        const last = detail.lastStatus[channel];
        return (
          <Grid.Col key={channel} span={{ base: 12, md: spanFor(active.length) }}>
            <Paper withBorder p="md" radius="md" data-testid={`status-panel-${channel}`}>
              <Group justify="space-between">
                <Text fw={700}>{CHANNEL_NAMES[channel]}</Text>
                {last && <Badge color={last.color}>{last.label}</Badge>}
              </Group>
              <Stack gap={2} mt="sm">
                {detail.status[channel].map((s) => (
                  <Group key={`${s.type}-${s.dateTime}`} justify="space-between" gap="xs">
                    <Text size="sm">{s.label}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(s.dateTime)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

/** /emails/enviados/info/{codEmail}: one sent message with its evidence (spec 001 §2.7). */
export default function SentDetailPage() {
  const id = Number(useParams().codEmail);
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['email-enviado', id], queryFn: () => getSentCall(id), enabled: Number.isInteger(id) && id > 0 });
  useEffect(() => {
    if (detail.isError) showWarning('Houve um erro ao obter o email');
  }, [detail.isError]);

  async function refresh() {
    try {
      const fresh = await refreshStatusCall(id);
      client.setQueryData<SentDetail>(['email-enviado', id], (old) => (old ? { ...old, ...fresh } : old));
    } catch {
      showWarning('Houve um erro ao checar o status do email');
    }
  }

  const d = detail.data;
  return (
    <EmailsLayout title="Detalhes do AR-Email" help="O histórico completo da mensagem: status por canal, anexos e linha do tempo.">
      {!d ? (
        detail.isError ? (
          <Alert color="red">Mensagem não encontrada.</Alert>
        ) : (
          <PageLoader />
        )
      ) : (
        <Stack>
          <Group justify="space-between">
            <Button component={Link} to="/emails/enviados" variant="default" leftSection={<IconArrowLeft size={16} />}>
              Voltar
            </Button>
            <Group gap="xs">
              <Button
                component={Link}
                to={`/emails/sending-proof/${d.ema_uni_codigo}`}
                variant="default"
                leftSection={<IconCertificate size={16} />}
              >
                Comprovante de envio
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileSearch size={16} />}
                onClick={() => downloadExpertReport(d.ema_uni_codigo).catch(() => showWarning(PROOF_MSG.reportError))}
              >
                Relatório pericial
              </Button>
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()}>
                Atualizar status
              </Button>
            </Group>
          </Group>
          <StatusPanels detail={d} />
          {d.email_error && (
            <Alert color="red" title="Falha no Envio/Entrega">
              {d.email_error.reasonFailure}
            </Alert>
          )}
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Text size="xs" c="dimmed">
                Protocolo {d.ema_uni_id}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="De" readOnly value={`${d.ema_uni_name_from} <${d.ema_uni_from}>`} />
                <TextInput label="Para" readOnly value={`${d.ema_uni_name_to} <${d.ema_uni_to ?? ''}>`} />
                <TextInput label="Assunto" readOnly value={d.ema_uni_subject} />
                <TextInput label="Identificação" readOnly value={d.ema_uni_identificacao} />
                {d.verification && (
                  <>
                    <TextInput label="Pergunta de segurança" readOnly value={d.verification.ema_verif_pergunta} />
                    <TextInput label="Resposta" readOnly value={d.verification.ema_verif_resposta ?? ''} />
                  </>
                )}
                <TextInput label="Enviado em" readOnly value={formatDateTime(d.ema_uni_data_criacao)} />
              </SimpleGrid>
              <MessageTags id={d.ema_uni_codigo} tags={d.emailEtiquetas} />
              {d.oficio && <OficioSummary oficio={d.oficio} />}
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Mensagem
                </Text>
                <iframe
                  title="Conteúdo da mensagem"
                  sandbox=""
                  srcDoc={d.ema_uni_content}
                  style={{
                    width: '100%',
                    minHeight: 240,
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 6,
                    background: '#fff',
                  }}
                />
              </div>
              {d.hasAttachments && (
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Anexos
                  </Text>
                  <Stack gap={4}>
                    {d.ema_uni_attachments.attachments.map((a) => (
                      <Anchor
                        key={a.uuidFilename}
                        component="button"
                        type="button"
                        onClick={() =>
                          downloadFile(`/email/attachments/${d.ema_uni_codigo}/${a.uuidFilename}`, a.originalFilename).catch(() =>
                            showWarning('Houve um erro ao fazer o download dos anexos'),
                          )
                        }
                      >
                        <Group gap={4}>
                          <IconPaperclip size={14} />
                          {a.originalFilename} ({Math.ceil(a.size / 1024)} KB)
                        </Group>
                      </Anchor>
                    ))}
                  </Stack>
                </div>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={5} mb="sm">
              Linha do tempo
            </Title>
            <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
              {d.timeline.map((e) => (
                <Timeline.Item
                  key={`${e.type}-${e.date}-${e.status}`}
                  title={`${e.status} · ${CHANNEL_NAMES[(e.type === 'whatsApp' ? 'whatsapp' : e.type) as Channel] ?? e.type}`}
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(e.date)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Stack>
      )}
    </EmailsLayout>
  );
}
