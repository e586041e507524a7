import { PROOF_MSG, type ProofFile, type ProofStep } from '@ar/core';
import { Alert, Anchor, Button, Code, Divider, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiClient } from '../../api/typed-client.ts';
import { showWarning } from '../../app/alerts.ts';
import { Field } from '../../components/Field.tsx';
import { OficioSummary } from '../../components/OficioSummary.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { SimulatedNotice } from '../../components/SimulatedNotice.tsx';
import { Logo } from '../../layout/Logo.tsx';
import { downloadSendingProof } from './emails.api.ts';

const proofCall = (id: number) => apiClient.GET('/v2/emails/sending-proof/{id}', { params: { path: { id } }, silent: true });

/** /emails/sending-proof/{codEmail}: the printable sending proof, with a QR code to the public page (spec 001 §2.10). */
export default function SendingProofPage() {
  const id = Number(useParams().codEmail);
  const navigate = useNavigate();
  const proof = useQuery({
    queryKey: ['sending-proof', id],
    queryFn: () => proofCall(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (proof.isError) showWarning(PROOF_MSG.sendingProofError);
  }, [proof.isError]);
  useEffect(() => {
    if (proof.data) void QRCode.toDataURL(proof.data.urlPublica, { margin: 1, width: 180, errorCorrectionLevel: 'M' }).then(setQr);
  }, [proof.data]);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadSendingProof(id);
    } catch {
      showWarning(PROOF_MSG.downloadError);
    } finally {
      setDownloading(false);
    }
  }

  const p = proof.data;
  return (
    <Stack maw={900} mx="auto">
      <Group justify="space-between" className="no-print">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          Voltar
        </Button>
        <Group>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!p}>
            Imprimir
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} loading={downloading} disabled={!p}>
            Baixar PDF
          </Button>
        </Group>
      </Group>
      {proof.isPending && <PageLoader />}
      {proof.isError && <Alert color="red">{PROOF_MSG.sendingProofError}</Alert>}
      {p && (
        <Paper withBorder radius="md" p="xl" className="print-only-frame" data-testid="sending-proof">
          <Stack>
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Logo />
                <Title order={2}>Comprovante de Envio</Title>
                <Text size="sm" c="dimmed">
                  Protocolo nº {p.ema_uni_codigo} · {p.ema_uni_id}
                </Text>
              </Stack>
              <Stack gap={4} align="center">
                {qr && <Image src={qr} w={150} h={150} alt="QR code da página pública da mensagem" data-testid="proof-qr" />}
                <Text size="xs" c="dimmed">
                  Consulte a mensagem
                </Text>
              </Stack>
            </Group>
            {p.simulado && <SimulatedNotice />}
            <Alert color={p.falha ? 'red' : 'blue'} variant="light" data-testid="proof-text">
              {p.texto}
            </Alert>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label="Remetente" value={`${p.remetente.nome} <${p.remetente.email}>`} />
              <Field
                label="Destinatário"
                value={p.destinatario.email ? `${p.destinatario.nome} <${p.destinatario.email}>` : p.destinatario.nome}
              />
              <Field label="Assunto" value={p.assunto} />
              <Field label="Identificação" value={p.identificacao || '—'} />
              <Field
                label="Conta"
                value={`${p.remetente.usuario} (${p.remetente.conta})${p.remetente.entidade ? ` — ${p.remetente.entidade}` : ''}`}
              />
              <Field label="Criado em" value={`${p.criadoEmBrasilia} (Brasília)`} />
            </SimpleGrid>
            {p.oficio && <OficioSummary oficio={p.oficio} />}
            <Divider label="Situação da mensagem" labelPosition="left" />
            <Table withTableBorder data-testid="proof-status">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Data e hora (Brasília)</Table.Th>
                  <Table.Th>Detalhe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.status.map((s) => (
                  <Table.Tr key={s.type}>
                    <Table.Td>{s.label}</Table.Td>
                    <Table.Td>{s.dataHoraBrasilia}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{s.detalhe ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {p.canais.map((c) => (
              <Stack key={c.canal} gap="xs" data-testid={`proof-${c.canal}`}>
                <Divider label={`${c.nome} · ${c.numero} · ${c.ultimoStatus?.label ?? 'Aguardando processamento'}`} labelPosition="left" />
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.mensagem}
                </Text>
                <ChannelEvents status={c.status} steps={c.canal === 'voz' ? c.etapas : []} />
                <ChannelFiles files={c.arquivos} />
              </Stack>
            ))}
            {p.carta && (
              <Stack gap="xs" data-testid="proof-carta">
                <Divider
                  label={`${p.carta.nome} · ${p.carta.rastreio ?? 'ainda não postada'} · ${p.carta.ultimoStatus?.label ?? 'Aguardando processamento'}`}
                  labelPosition="left"
                />
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {p.carta.endereco.join('\n')}
                </Text>
                <ChannelEvents status={p.carta.status} steps={p.carta.etapas} />
                <ChannelFiles files={p.carta.arquivos} />
              </Stack>
            )}
            {p.anexos.length > 0 && (
              <>
                <Divider label="Anexos" labelPosition="left" />
                {p.anexos.map((a) => (
                  <Text key={a.sha256 + a.originalFilename} size="sm">
                    {a.originalFilename} — SHA-256 <Code>{a.sha256}</Code>
                  </Text>
                ))}
              </>
            )}
            <Divider label="Integridade" labelPosition="left" />
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              Hash do conteúdo (SHA-256): <Code>{p.hashConteudo}</Code>
            </Text>
            {p.ultimoHash && (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                Último registro da cadeia de eventos: <Code>{p.ultimoHash}</Code>
              </Text>
            )}
            <Text size="sm">Cadeia de eventos: {p.cadeiaIntegra ? 'íntegra' : 'com divergência — consulte o relatório pericial'}</Text>
            <Text size="sm">
              Página pública: <Anchor href={p.urlPublica}>{p.urlPublica}</Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              Comprovante gerado em {p.geradoEmBrasilia} (Brasília).
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** A channel's statuses and steps in time order (the steps, like 'Chamando' or 'Em trânsito', are not statuses). */
function ChannelEvents({
  status,
  steps,
}: {
  status: { type: string; label: string; dateTime: string; dataHoraBrasilia: string; detalhe: string | null }[];
  steps: ProofStep[];
}) {
  const rows = [...status.map((s) => ({ ...s, erro: s.type === 'erro' })), ...steps.map((s) => ({ ...s, erro: false }))].sort((a, b) =>
    a.dateTime.localeCompare(b.dateTime),
  );
  return (
    <Table withTableBorder>
      <Table.Tbody>
        {rows.map((s) => (
          <Table.Tr key={`${s.label}-${s.dateTime}`}>
            <Table.Td>{s.label}</Table.Td>
            <Table.Td>{s.dataHoraBrasilia}</Table.Td>
            <Table.Td>
              <Text size="xs" c={s.erro ? 'red' : undefined}>
                {s.detalhe ?? '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The files a channel chained by SHA-256 (the call's recording, the letter's PDF, the digital AR), shown as attachments' hashes are. */
function ChannelFiles({ files }: { files: ProofFile[] }) {
  return files.map((f) => (
    <Text key={f.sha256} size="sm" style={{ wordBreak: 'break-all' }} data-testid="proof-file">
      {f.nome}
      {f.detalhe ? ` (${f.detalhe})` : ''} — SHA-256 <Code>{f.sha256}</Code>
      <Text span size="xs" c="dimmed">
        {' '}
        registrado em {f.registradoEmBrasilia}
        {f.carimbo ? `, carimbo do tempo de ${f.carimbo.dataHoraBrasilia}` : ', carimbo do tempo pendente'}
      </Text>
    </Text>
  ));
}
