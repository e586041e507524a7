import { type CertificateBlock, PUBLIC_MSG, type PublicMessage } from '@ar/core';
import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { showWarning } from '../../app/alerts.ts';
import { formatDateTime } from '../../app/format.ts';
import { validateStampCall } from './public.api.ts';
import { stampProblem } from './stamp-problem.ts';

const BLOCK_NAMES = { envio: 'envio e entrega', leitura: 'leitura', aceite: 'confirmação de recebimento' } as const;

/** The certificates of sending, reading and acceptance (spec 002 §3), each with its stamp and the validator. */
export function Certificates({ m, failed }: { m: PublicMessage; failed: boolean }) {
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
        <CertificateCard
          key={kind}
          title={`Certificado de ${BLOCK_NAMES[kind]}`}
          stampOf={kind === 'envio' ? 'email' : 'leitura'}
          block={block}
          testId={`certificado-${kind}`}
        />
      ))}
      {m.hashConteudo && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Hash do conteúdo (SHA-256): <Code style={{ wordBreak: 'break-all' }}>{m.hashConteudo}</Code>
        </Text>
      )}
    </Stack>
  );
}

/**
 * One certificate with 'Validar carimbo' (spec 002 §3, §8): the stamp and the signed hash go to the
 * validator; a missing one says so ('Carimbo não encontrado', or '… do WhatsApp …' for WhatsApp's).
 */
export function CertificateCard({
  title,
  stampOf,
  block,
  whatsapp = false,
  testId,
}: {
  title: string;
  /** The certificate's name in 'Erro ao validar carimbo do …': email, leitura, SMS, leitura SMS, WhatsApp envio… */
  stampOf: string;
  block: CertificateBlock;
  whatsapp?: boolean;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const trail = block.trilhaAuditoria ?? block.trilhaLeitura ?? [];
  async function validate() {
    const problem = stampProblem(block, stampOf, whatsapp);
    if (problem || !block.carimbo) return showWarning(problem ?? '');
    setBusy(true);
    try {
      const result = await validateStampCall(block.carimbo, block.hashAssinado);
      window.open(`/validador?token=${result.token}`, '_blank', 'noopener');
    } catch (e) {
      showWarning(`${PUBLIC_MSG.stampError(stampOf)}: ${e instanceof Error ? e.message : ''}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={500}>{title}</Text>
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
