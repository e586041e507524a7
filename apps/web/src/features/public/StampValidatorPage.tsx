import { CHANNEL_NAMES, type Channel, STATUS_LABELS, type StatusType } from '@ar/core';
import { Alert, Code, FileInput, List, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { stampResultCall, validateDocumentCall } from './public.api.ts';

/** Hashes and commands break anywhere: no horizontal scroll at 360 px. */
const BREAK = { wordBreak: 'break-all' } as const;

const eventLabel = (e: { canal: string; tipo: string }) =>
  `${CHANNEL_NAMES[e.canal as Channel] ?? e.canal} — ${STATUS_LABELS[e.tipo as StatusType]?.label ?? e.tipo}`;

/**
 * /validador: two tabs. "Carimbo do tempo": the result of a time-stamp validation (?token=…, spec
 * 002 §7). "Documento PDF": drop a PDF the product issued and see whether its signature, its
 * certificate and its record check out (POST /v2/documentos/validar, docs/signatures.md).
 */
export default function StampValidatorPage() {
  const [search] = useSearchParams();
  const hasToken = !!search.get('token');
  return (
    <PublicFrame size="md">
      <Tabs defaultValue={hasToken ? 'carimbo' : 'documento'} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="carimbo">Carimbo do tempo</Tabs.Tab>
          <Tabs.Tab value="documento">Documento PDF</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carimbo">
          <StampResult />
        </Tabs.Panel>
        <Tabs.Panel value="documento">
          <DocumentValidator />
        </Tabs.Panel>
      </Tabs>
    </PublicFrame>
  );
}

function DocumentValidator() {
  const check = useMutation({ mutationFn: validateDocumentCall });
  const r = check.data;
  return (
    <Stack>
      <Title order={3}>Validação de documento</Title>
      <Text size="sm">
        Escolha um PDF emitido pelo AR Online (comprovante de envio, laudo pericial, comprovantes em lote, carta). A assinatura digital, o
        certificado, o carimbo do tempo e o registro do documento são conferidos; nada do arquivo fica guardado.
      </Text>
      <FileInput
        label="Documento PDF"
        placeholder="Selecione ou solte o arquivo PDF"
        accept="application/pdf"
        clearable
        onChange={(file) => {
          if (file) check.mutate(file);
          else check.reset();
        }}
        data-testid="document-file"
      />
      {check.isPending && <Loader />}
      {check.isError && <Alert color="red">{(check.error as Error).message || 'Não foi possível validar o arquivo.'}</Alert>}
      {r && (
        <Stack gap="xs">
          <Alert
            color={r.valido ? 'green' : 'red'}
            icon={r.valido ? <IconCircleCheck /> : <IconCircleX />}
            title={r.valido ? 'Documento válido' : 'Documento inválido'}
            data-testid="document-verdict"
          >
            {r.valido
              ? 'A assinatura confere, nada além dos dados de validação dela foi acrescentado depois, e o documento foi emitido por esta instalação.'
              : r.motivo}
          </Alert>
          <Text>
            <strong>Documento:</strong> {r.documento ?? '—'}
          </Text>
          <Text data-testid="document-protocol">
            <strong>Protocolo:</strong> {r.protocolo ?? '—'}
          </Text>
          <Text>
            <strong>Assinado por:</strong> {r.assinante ?? '—'}
          </Text>
          <Text>
            <strong>Assinado em:</strong> {r.assinadoEm ? `${formatDateTime(r.assinadoEm)} (Brasília)` : '—'}
          </Text>
          <Text>
            <strong>Carimbo do tempo:</strong>{' '}
            {r.carimboDoTempo
              ? `${r.carimboDoTempo.tsa}, ${formatDateTime(r.carimboDoTempo.dataHora)} (Brasília) — ${r.carimboDoTempo.valido ? 'confere' : 'não confere'}`
              : '—'}
          </Text>
          <Text style={BREAK}>
            <strong>SHA-256 do arquivo:</strong> <Code style={BREAK}>{r.codigo}</Code>
          </Text>
          <Text size="sm" c="dimmed">
            O certificado que assina os documentos desta instalação está em <Code style={BREAK}>/v2/assinatura/certificado.pem</Code>.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** The result of a time-stamp validation, in plain Portuguese (spec 002 §7). */
function StampResult() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const result = useQuery({
    queryKey: ['stamp-result', token],
    queryFn: () => stampResultCall(token),
    enabled: /^[0-9a-f]{64}$/.test(token),
    retry: false,
  });
  const r = result.data;
  return (
    <>
      <Title order={3}>Validação de carimbo do tempo</Title>
      {result.isPending && token && <Loader />}
      {(!token || result.isError) && <Alert color="red">Validação não encontrada. Abra o validador a partir da página da mensagem.</Alert>}
      {r && (
        <Stack>
          <Alert
            color={r.valido ? 'green' : 'red'}
            icon={r.valido ? <IconCircleCheck /> : <IconCircleX />}
            title={r.valido ? 'Carimbo válido' : 'Carimbo inválido'}
            data-testid="stamp-verdict"
          >
            {r.mensagem}
          </Alert>
          <Text>
            <strong>Carimbado por:</strong> {r.carimbadoPor ?? '—'}
          </Text>
          <Text>
            <strong>Data e hora do carimbo:</strong> {r.dataHora ? `${formatDateTime(r.dataHora)} (Brasília) — ${r.dataHora} (UTC)` : '—'}
          </Text>
          <Text style={{ wordBreak: 'break-all' }}>
            <strong>Hash carimbado:</strong> <Code style={BREAK}>{r.hashCarimbado ?? '—'}</Code>
          </Text>
          <Text style={{ wordBreak: 'break-all' }}>
            <strong>Hash informado:</strong> <Code style={BREAK}>{r.hashInformado}</Code>
          </Text>
          <Text>
            <strong>Número de série:</strong> {r.serial ?? '—'} · <strong>Algoritmo:</strong> {r.algoritmo ?? '—'}
          </Text>
          {r.evento && (
            <Text>
              <strong>Evento registrado:</strong> {eventLabel(r.evento)} em {formatDateTime(r.evento.ocorridoEm)}
            </Text>
          )}
          <List size="sm">
            <List.Item>Assinatura da autoridade: {r.verificacoes.assinatura ? 'confere' : 'não confere'}</List.Item>
            <List.Item>Certificado da autoridade: {r.verificacoes.cadeiaCertificados ? 'confiável' : 'não confiável'}</List.Item>
            <List.Item>O carimbo cobre o hash informado: {r.verificacoes.hash ? 'sim' : 'não'}</List.Item>
          </List>
          {r.problemas.length > 0 && (
            <List size="sm" c="red">
              {r.problemas.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          )}
          <Text size="sm" c="dimmed">
            Para verificar de forma independente: baixe o certificado da autoridade em <Code style={BREAK}>/v2/tsa/certificado.pem</Code> e
            use{' '}
            <Code style={BREAK}>
              openssl ts -verify -digest &lt;hash&gt; -sha256 -in carimbo.tsr -token_in -CAfile certificado.pem -untrusted certificado.pem
            </Code>
            .
          </Text>
        </Stack>
      )}
    </>
  );
}
