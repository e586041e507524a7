import type { SentDetail } from '@ar/core';
import { AUTOMATED_MARK, CHANNEL_NAMES, type Channel, PROOF_MSG } from '@ar/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconFileSearch, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { OficioSummary } from '../../components/OficioSummary.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { TrackingPanel } from '../../components/tracking/TrackingPanel.tsx';
import { useBusy } from '../../components/use-busy.ts';
import { useRefreshOnEmailStatus } from '../notifications/realtime-store.ts';
import { CascadeProgress } from './CascadeProgress.tsx';
import { EmailsLayout } from './EmailsLayout.tsx';
import { downloadExpertReport, getSentCall, refreshStatusCall } from './emails.api.ts';
import { groupStatuses, groupTimeline } from './evidence-groups.ts';
import { LetterPanel } from './LetterPanel.tsx';
import { MessageTags } from './MessageTags.tsx';
import { ChannelFailure, PhoneMessages } from './PhoneMessages.tsx';
import { SentAttachments } from './SentAttachments.tsx';
import { VoiceCall } from './VoiceCall.tsx';

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
              <Stack gap={4} mt="sm">
                {groupStatuses(detail.status[channel]).map((g) => (
                  <Repeated
                    key={g.key}
                    title={g.first.label}
                    count={g.count}
                    first={g.first.dateTime}
                    last={g.last.dateTime}
                    all={g.all.map((s) => ({ date: s.dateTime }))}
                    testId={`status-${channel}-${g.key}`}
                  />
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

/**
 * One line for an event however often it happened: once, its time; more, how many, the first and
 * the last, and every time (with what each was) for whoever expands it.
 */
function Repeated({
  title,
  count,
  first,
  last,
  all,
  testId,
}: {
  title: string;
  count: number;
  first: string;
  last: string;
  all: { date: string; what?: string }[];
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid={testId}>
      <Group justify={title ? 'space-between' : 'flex-start'} gap="xs" wrap="nowrap">
        <Group gap={6}>
          {title && <Text size="sm">{title}</Text>}
          {count > 1 && (
            <Badge size="sm" variant="light" color="gray">
              {count}×
            </Badge>
          )}
        </Group>
        {(title || count === 1) && (
          <Text size="xs" c="dimmed">
            {formatDateTime(first)}
          </Text>
        )}
      </Group>
      {count > 1 && (
        <>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              primeira em {formatDateTime(first)} · última em {formatDateTime(last)}
            </Text>
            <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? 'ocultar' : `ver as ${count} ocorrências`}
            </Anchor>
          </Group>
          <Collapse in={open}>
            <Stack gap={0} pl="sm">
              {all.map((a) => (
                <Text key={`${a.date}-${a.what ?? ''}`} size="xs" c="dimmed">
                  {formatDateTime(a.date)}
                  {a.what ? ` — ${a.what}` : ''}
                </Text>
              ))}
            </Stack>
          </Collapse>
        </>
      )}
    </div>
  );
}

const channelName = (type: string) => CHANNEL_NAMES[(type === 'whatsApp' ? 'whatsapp' : type) as Channel] ?? type;

/** The timeline with repeats on one line and the automated fetches under one line (evidence-groups.ts). */
function GroupedTimeline({ items }: { items: SentDetail['timeline'] }) {
  const groups = groupTimeline(items);
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
      {groups.map((g) => (
        <Timeline.Item
          key={g.key}
          color={g.automated ? 'gray' : undefined}
          title={
            g.automated
              ? `Acessos automáticos (não contam como leitura) · ${channelName(g.last.type)}`
              : `${g.last.status} · ${channelName(g.last.type)}`
          }
        >
          <Repeated
            title=""
            count={g.count}
            first={g.first.date}
            last={g.last.date}
            all={g.all.map((i) => ({ date: i.date, what: g.automated ? i.status.replace(AUTOMATED_MARK, '') : undefined }))}
            testId={`timeline-${g.automated ? 'automatico' : g.key}`}
          />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * The message as sent, in a frame without scripts. Images fit the box's width (an inline image
 * wider than the box showed only its blank top corner, and the text under it stayed out of view)
 * and the frame grows to the message's height: same origin, still no scripts, so the page can
 * measure it.
 */
function MessageBody({ html }: { html: string }) {
  const [height, setHeight] = useState(240);
  return (
    <iframe
      title="Conteúdo da mensagem"
      data-testid="sent-content"
      sandbox="allow-same-origin"
      srcDoc={`<!doctype html><meta charset="utf-8"><style>body{margin:12px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>${html}`}
      onLoad={(e) => {
        const doc = e.currentTarget.contentDocument;
        if (doc) setHeight(Math.min(Math.max(doc.documentElement.scrollHeight + 4, 120), 1200));
      }}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 6,
        background: '#fff',
      }}
    />
  );
}

/** /emails/enviados/info/{codEmail}: one sent message with its evidence (spec 001 §2.7). */
export default function SentDetailPage() {
  const id = Number(useParams().codEmail);
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['email-enviado', id], queryFn: () => getSentCall(id), enabled: Number.isInteger(id) && id > 0 });
  // A status change of this message, pushed by the server (docs/realtime.md): the statuses and the timeline follow.
  useRefreshOnEmailStatus(['email-enviado', id], (change) => change.id === id);
  useEffect(() => {
    if (detail.isError) showWarning('Houve um erro ao obter o email');
  }, [detail.isError]);

  // The laudo is signed and time-stamped as it is made: seconds, on a busy server more (#43).
  const { run, isBusy } = useBusy();
  async function refresh() {
    try {
      const fresh = await refreshStatusCall(id);
      client.setQueryData<SentDetail>(['email-enviado', id], (old) => (old ? { ...old, ...fresh } : old));
      // The replies and failures of the SMS and WhatsApp come with the detail: read it again too.
      void client.invalidateQueries({ queryKey: ['email-enviado', id] });
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
                loading={isBusy('laudo')}
                onClick={() =>
                  void run('laudo', () => downloadExpertReport(d.ema_uni_codigo).catch(() => showWarning(PROOF_MSG.reportError)))
                }
              >
                Relatório pericial
              </Button>
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={isBusy('status')}
                onClick={() => void run('status', refresh)}
              >
                Atualizar status
              </Button>
            </Group>
          </Group>
          <StatusPanels detail={d} />
          <ChannelFailure title="AR-Email: Falha no Envio/Entrega" error={d.email_error} testId="email-error" />
          <ChannelFailure title="AR-SMS: Falha no Envio/Entrega" error={d.sms_error} testId="sms-error" />
          <ChannelFailure title="AR-WhatsApp: Falha no Envio/Entrega" error={d.whatsapp_error} testId="whatsapp-error" />
          <ChannelFailure title="AR-Voz: Falha na chamada" error={d.voz_error} testId="voz-error" />
          <VoiceCall d={d} />
          <CascadeProgress d={d} />
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Text size="xs" c="dimmed">
                Protocolo {d.ema_uni_id}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="De" readOnly value={`${d.ema_uni_name_from} <${d.ema_uni_from}>`} />
                <TextInput label="Para" readOnly value={d.ema_uni_to ? `${d.ema_uni_name_to} <${d.ema_uni_to}>` : d.ema_uni_name_to} />
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
                <MessageBody html={d.ema_uni_content} />
              </div>
              <PhoneMessages d={d} />
              <LetterPanel d={d} />
              {d.hasAttachments && <SentAttachments id={d.ema_uni_codigo} attachments={d.ema_uni_attachments.attachments} />}
            </Stack>
          </Paper>
          {d.tracking && (
            <Paper withBorder p="lg" radius="md">
              <Title order={5} mb="sm">
                Rastreamento
              </Title>
              <TrackingPanel items={d.tracking} />
            </Paper>
          )}
          <Paper withBorder p="lg" radius="md">
            <Title order={5} mb="sm">
              Linha do tempo
            </Title>
            <GroupedTimeline items={d.timeline} />
          </Paper>
        </Stack>
      )}
    </EmailsLayout>
  );
}
