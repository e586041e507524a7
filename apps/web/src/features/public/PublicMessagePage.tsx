import { type CertificateBlock, NOT_VERIFY, PUBLIC_MSG, type PublicMessage } from '@ar/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCertificate, IconCircleCheck, IconPaperclip, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { Field } from '../../components/Field.tsx';
import { OficioSummary } from '../../components/OficioSummary.tsx';
import { Logo } from '../../layout/Logo.tsx';
import {
  answerStore,
  attachmentPagePath,
  publicMessageCall,
  registerAcceptCall,
  registerReadCall,
  validateStampCall,
} from './public.api.ts';

const BLOCK_NAMES = { envio: 'envio e entrega', leitura: 'leitura', aceite: 'confirmação de recebimento' } as const;

/** /emails/info/public/{uuid}: the message as its recipient sees it, with its evidence (spec 002 §2, §3). */
export default function PublicMessagePage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const verify = search.get('verify') ?? answerStore.get(uuid);
  useEffect(() => {
    if (search.get('verify')) answerStore.set(uuid, search.get('verify') as string);
  }, [search, uuid]);

  const detail = useQuery({
    queryKey: ['public-message', uuid, verify],
    queryFn: () => publicMessageCall(uuid, verify),
    retry: false,
  });

  // The security question, an unknown message: where the spec sends the visitor.
  useEffect(() => {
    const e = detail.error;
    if (!(e instanceof ApiError)) return;
    if (e.status === 403 && e.message.startsWith(NOT_VERIFY)) {
      const params = new URLSearchParams({ origin: 'email', ...(verify ? { erro: '1' } : {}) });
      for (const flag of ['email', 'accept']) if (search.get(flag)) params.set(flag, search.get(flag) as string);
      navigate(`/emails/info/public/verify/${uuid}?${params}`, { replace: true });
    } else if (e.status === 404) {
      showAlert('Aviso', PUBLIC_MSG.notFound, () => navigate('/', { replace: true }));
    } else {
      showWarning(e.message);
    }
  }, [detail.error, navigate, uuid, verify, search]);

  // Opened from the e-mail's button (email=1) or asked to confirm (accept=1): recorded once per
  // visit, then the page reads the message again to show what the visit just recorded (Lido em,
  // Situação, the certificates).
  const registered = useRef(false);
  const [accepted, setAccepted] = useState(false);
  const loaded = !!detail.data;
  const { refetch } = detail;
  useEffect(() => {
    if (!loaded || registered.current) return;
    registered.current = true;
    if (search.get('email'))
      void registerReadCall(uuid, verify)
        .then(() => refetch())
        .catch(() => undefined);
    if (search.get('accept'))
      void confirmReceipt(uuid, verify, () => {
        setAccepted(true);
        void refetch();
      });
  }, [loaded, search, uuid, verify, refetch]);

  const title = detail.data?.customPage.customTitle ?? 'Notificação digital registrada';
  useEffect(() => {
    document.title = title;
    const favicon = detail.data?.customPage.customFavicon;
    if (favicon) {
      const link =
        document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ?? document.head.appendChild(document.createElement('link'));
      link.rel = 'icon';
      link.href = favicon;
    }
  }, [title, detail.data?.customPage.customFavicon]);

  const accept = () =>
    confirmReceipt(uuid, verify, () => {
      setAccepted(true);
      void detail.refetch();
    });

  return (
    <Container size="lg" py="lg">
      <Stack>
        <Group justify="space-between">
          <Logo />
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        </Group>
        {detail.isPending && (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
        {detail.data && <MessageView m={detail.data} uuid={uuid} onAccept={accept} accepted={accepted || detail.data.aceito} />}
      </Stack>
    </Container>
  );
}

async function confirmReceipt(uuid: string, verify: string | undefined, done: () => void) {
  try {
    const answer = await registerAcceptCall(uuid, verify);
    done();
    showAlert('Aviso', answer.message);
  } catch (e) {
    showWarning(e instanceof ApiError ? e.message : 'Não foi possível registrar a confirmação.');
  }
}

function MessageView({ m, uuid, onAccept, accepted }: { m: PublicMessage; uuid: string; onAccept: () => void; accepted: boolean }) {
  const failed = m.emailResultSendStatus === 'falha';
  const showTracking = m.visualizarGeolocalizacao && m.clickTracking.length > 0;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <div>
          <Text size="xs" c="dimmed">
            Protocolo {m.protocolo} · {m.codeEmail}
          </Text>
          <Title order={3}>{m.subject}</Title>
        </div>
        <Tabs defaultValue="resumo" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="resumo">Resumo</Tabs.Tab>
            {m.statusFull.email && <Tabs.Tab value="email">AR-Email</Tabs.Tab>}
            {m.statusFull.sms && <Tabs.Tab value="sms">AR-SMS</Tabs.Tab>}
            {m.statusFull.whatsapp && <Tabs.Tab value="whatsapp">AR-WhatsApp</Tabs.Tab>}
            {m.statusFull.voz && <Tabs.Tab value="voz">AR-Voz</Tabs.Tab>}
            {m.statusFull.carta && <Tabs.Tab value="carta">AR-Carta</Tabs.Tab>}
            {showTracking && <Tabs.Tab value="tracking">Click Tracking</Tabs.Tab>}
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
                        onClick={() => {
                          // The new tab gets a copy of this tab's storage: the answer, and which message the file is of.
                          sessionStorage.setItem(`ar.attachment.${a.uuidFilename}`, m.codeEmail);
                          window.open(attachmentPagePath(a.originalFilename, a.uuidFilename), '_blank');
                        }}
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
          </Tabs.Panel>

          {showTracking && (
            <Tabs.Panel value="tracking" pt="md">
              <Table.ScrollContainer minWidth={640}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Data</Table.Th>
                      <Table.Th>Ação</Table.Th>
                      <Table.Th>IP</Table.Th>
                      <Table.Th>Local</Table.Th>
                      <Table.Th>Posição</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {m.clickTracking.map((c) => (
                      <Table.Tr key={`${c.date}-${c.acao}`}>
                        <Table.Td>{formatDateTime(c.date)}</Table.Td>
                        <Table.Td>{c.url ? `${c.acao}: ${c.url}` : c.acao}</Table.Td>
                        <Table.Td>{c.ip ?? '—'}</Table.Td>
                        <Table.Td>{[c.city, c.state, c.country].filter(Boolean).join(', ') || '—'}</Table.Td>
                        <Table.Td>
                          {c.position ? (
                            <Anchor
                              href={`https://www.openstreetmap.org/?mlat=${c.position.lat}&mlon=${c.position.lng}#map=10/${c.position.lat}/${c.position.lng}`}
                              target="_blank"
                              rel="noopener"
                            >
                              {c.position.lat.toFixed(3)}, {c.position.lng.toFixed(3)}
                            </Anchor>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="xs" c="dimmed" mt="xs">
                Localização aproximada do endereço IP.{' '}
                <Anchor href="https://db-ip.com" target="_blank" rel="noopener" size="xs">
                  IP Geolocation by DB-IP
                </Anchor>
              </Text>
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

function FailureNotice({ m }: { m: PublicMessage }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title="Falha No Envio/Entrega">
      <Stack gap={4}>
        <Text size="sm">{m.email_error?.reasonFailure}</Text>
        <Anchor href="/ajuda/bloqueio" target="_blank" size="sm">
          Saiba por que uma mensagem pode não ser entregue
        </Anchor>
      </Stack>
    </Alert>
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

function Certificates({ m, failed }: { m: PublicMessage; failed: boolean }) {
  const blocks: [keyof typeof BLOCK_NAMES, CertificateBlock | null][] = [
    ['envio', m.detalhesEnvioEntrega],
    ['leitura', failed ? null : m.detalhesLeitura],
    ['aceite', failed ? null : m.detalhesAceite],
  ];
  const present = blocks.filter((b): b is [keyof typeof BLOCK_NAMES, CertificateBlock] => b[1] !== null);
  if (!present.length) return null;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconCertificate size={18} />
        <Text fw={600}>Certificados</Text>
      </Group>
      {present.map(([kind, block]) => (
        <CertificateCard key={kind} kind={kind} block={block} />
      ))}
      {m.hashConteudo && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Hash do conteúdo (SHA-256): <Code style={{ wordBreak: 'break-all' }}>{m.hashConteudo}</Code>
        </Text>
      )}
    </Stack>
  );
}

function CertificateCard({ kind, block }: { kind: keyof typeof BLOCK_NAMES; block: CertificateBlock }) {
  const [busy, setBusy] = useState(false);
  const trail = block.trilhaAuditoria ?? block.trilhaLeitura ?? [];
  async function validate() {
    if (!block.carimbo) return showWarning(`Erro ao validar carimbo do ${kind === 'envio' ? 'email' : 'leitura'}: Carimbo não encontrado`);
    setBusy(true);
    try {
      const result = await validateStampCall(block.carimbo, block.hashAssinado);
      window.open(`/validador?token=${result.token}`, '_blank', 'noopener');
    } catch (e) {
      showWarning(`Erro ao validar carimbo do ${kind === 'envio' ? 'email' : 'leitura'}: ${e instanceof Error ? e.message : ''}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`certificado-${kind}`}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500}>Certificado de {BLOCK_NAMES[kind]}</Text>
          <Button size="xs" variant="light" leftSection={<IconShieldCheck size={14} />} loading={busy} onClick={() => void validate()}>
            Validar carimbo
          </Button>
        </Group>
        <Text size="sm">Ocorrido em {formatDateTime(block.ocorridoEm)}</Text>
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          Hash assinado: <Code>{block.hashAssinado}</Code>
        </Text>
        <Text size="xs">
          {block.carimbo
            ? `Carimbo do tempo emitido por ${block.tsa ?? 'TSA'} em ${block.carimbadoEm ? formatDateTime(block.carimbadoEm) : '—'}`
            : 'Carimbo do tempo em emissão.'}
        </Text>
        {block.ipLeitura && <Text size="xs">IP: {block.ipLeitura}</Text>}
        {trail.length > 0 && (
          <Stack gap={0}>
            {trail.map((line) => (
              <Text key={line} size="xs" c="dimmed">
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
