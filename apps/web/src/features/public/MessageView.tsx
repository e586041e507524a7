import type { PublicMessage } from '@ar/core';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Field } from '../../components/Field.tsx';
import { OficioSummary } from '../../components/OficioSummary.tsx';
import { SimulatedNotice } from '../../components/SimulatedNotice.tsx';
import { TrackingPanel } from '../../components/tracking/TrackingPanel.tsx';
import { Certificates } from './Certificates.tsx';
import { FailureNotice } from './FailureNotice.tsx';
import { LetterTab } from './LetterTab.tsx';
import { MessageContent } from './MessageContent.tsx';
import { hasPhoneChannel, PhoneChannelTab } from './PhoneChannelTab.tsx';
import { VoiceTab } from './VoiceTab.tsx';

/** The public page's message: the summary with its certificates, the channels' tabs and the recipient's actions (spec 002 §3). */
export function MessageView({ m, uuid, onAccept, accepted }: { m: PublicMessage; uuid: string; onAccept: () => void; accepted: boolean }) {
  const failed = m.emailResultSendStatus === 'falha';
  const showTracking = m.visualizarGeolocalizacao && m.clickTracking.length > 0;
  const hasSms = hasPhoneChannel(m, 'sms');
  const hasWhatsapp = hasPhoneChannel(m, 'whatsapp');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <div>
          <Text size="xs" c="dimmed">
            Protocolo {m.protocolo} · {m.codeEmail}
          </Text>
          <Title order={3}>{m.subject}</Title>
        </div>
        {m.simulado && <SimulatedNotice />}
        <Tabs defaultValue="resumo" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="resumo">Resumo</Tabs.Tab>
            {m.statusFull.email && <Tabs.Tab value="email">AR-Email</Tabs.Tab>}
            {hasSms && <Tabs.Tab value="sms">AR-SMS</Tabs.Tab>}
            {hasWhatsapp && <Tabs.Tab value="whatsapp">AR-WhatsApp</Tabs.Tab>}
            {m.statusFull.voz && <Tabs.Tab value="voz">AR-Voz</Tabs.Tab>}
            {m.statusFull.carta && <Tabs.Tab value="carta">AR-Carta</Tabs.Tab>}
            {showTracking && <Tabs.Tab value="tracking">Rastreamento</Tabs.Tab>}
          </Tabs.List>

          <Tabs.Panel value="resumo" pt="md">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label="Remetente" value={m.remetente} />
                <Field label="Destinatário" value={m.destinatario} />
                <Field label="Enviado em" value={joinDate(m.dataEnviada, m.horaEnviada)} />
                <Field label="Entregue em" value={joinDate(m.dataEntrega, m.horaEntrega)} />
                {!failed && <Field label="Lido em" value={joinDate(m.dataLeitura, m.horaLeitura)} />}
                <Field label="Situação" value={m.statusFull.email?.at(-1)?.label ?? 'Processado'} />
                {hasSms && <Field label="SMS" value={`${m.numberSMS ?? ''} · ${m.statusSMS?.label ?? 'Processado'}`} />}
                {hasWhatsapp && <Field label="WhatsApp" value={`${m.numberWhatsapp ?? ''} · ${m.statusWhatsapp?.label ?? 'Processado'}`} />}
                {m.numberVoz && <Field label="AR-Voz" value={`${m.numberVoz} · ${m.statusVoz?.label ?? 'Processado'}`} />}
                {m.statusCarta && <Field label="AR-Carta" value={m.statusCarta.label} />}
              </SimpleGrid>
              {m.oficio && <OficioSummary oficio={m.oficio} />}
              {failed && <FailureNotice m={m} />}
              {!failed && (
                <Group>
                  {accepted ? (
                    <Badge size="lg" color="grape" leftSection={<IconCircleCheck size={14} />}>
                      Recebimento confirmado
                    </Badge>
                  ) : (
                    <Button leftSection={<IconCircleCheck size={16} />} onClick={onAccept}>
                      Confirmar o recebimento
                    </Button>
                  )}
                </Group>
              )}
              <Certificates m={m} failed={failed} />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="email" pt="md">
            <MessageContent m={m} failed={failed} />
          </Tabs.Panel>

          {hasSms && (
            <Tabs.Panel value="sms" pt="md">
              <PhoneChannelTab m={m} channel="sms" />
            </Tabs.Panel>
          )}
          {hasWhatsapp && (
            <Tabs.Panel value="whatsapp" pt="md">
              <PhoneChannelTab m={m} channel="whatsapp" />
            </Tabs.Panel>
          )}

          {m.statusFull.voz && (
            <Tabs.Panel value="voz" pt="md">
              <VoiceTab m={m} />
            </Tabs.Panel>
          )}
          {m.statusFull.carta && (
            <Tabs.Panel value="carta" pt="md">
              <LetterTab m={m} />
            </Tabs.Panel>
          )}

          {showTracking && (
            <Tabs.Panel value="tracking" pt="md">
              <TrackingPanel items={m.clickTracking} />
            </Tabs.Panel>
          )}
        </Tabs>
        <Text size="xs" c="dimmed">
          Identificador desta página: {uuid}. Os registros desta mensagem são encadeados por hash e carimbados no tempo (RFC 3161).
        </Text>
      </Stack>
    </Paper>
  );
}

const joinDate = (d: string | null, h: string | null) => (d ? `${d} ${h ?? ''}`.trim() : '—');
