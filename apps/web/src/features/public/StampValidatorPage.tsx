import { CHANNEL_NAMES, type Channel, STATUS_LABELS, type StatusType } from '@ar/core';
import { Alert, Code, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/format.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { stampResultCall } from './public.api.ts';

/** Hashes and commands break anywhere: no horizontal scroll at 360 px. */
const BREAK = { wordBreak: 'break-all' } as const;

const eventLabel = (e: { canal: string; tipo: string }) =>
  `${CHANNEL_NAMES[e.canal as Channel] ?? e.canal} — ${STATUS_LABELS[e.tipo as StatusType]?.label ?? e.tipo}`;

/** /validador?token=…: the result of a time-stamp validation, in plain Portuguese (spec 002 §7). */
export default function StampValidatorPage() {
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
    <PublicFrame size="md">
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
    </PublicFrame>
  );
}
