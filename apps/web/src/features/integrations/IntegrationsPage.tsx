import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

/** The curl line of a first send with a key (docs/integrations.md), for this installation's address. */
export function firstSendCurl(origin: string, token: string): string {
  return [
    `curl -X POST ${origin}/v2/emails/send \\`,
    `  -H "Authorization: Bearer ${token}" \\`,
    '  -H "Idempotency-Key: primeiro-envio-1" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"destinataires":[{"to":"ana@exemplo.com.br","nameTo":"Ana"}],"nameFrom":"Minha Empresa","subject":"Notificação","content":"<p>Prezada Ana, segue a notificação.</p>"}'`,
  ].join('\n');
}

/** /integracoes: API keys, webhook endpoints with their delivery logs, and a first send with curl. */
export default function IntegrationsPage() {
  const [token, setToken] = useState<string | null>(null);
  const curl = firstSendCurl(window.location.origin, token ?? 'ark_SUA_CHAVE');
  return (
    <Stack maw={1100} mx="auto">
      <Title order={2}>Integrações</Title>
      <Text>
        Conecte o seu sistema (gestão de processos, cobrança, ERP) ao AR Online: envie mensagens pela API com uma chave e receba cada
        mudança de status por webhook.
      </Text>
      <ApiKeysPanel onCreated={setToken} />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3}>Primeiro envio</Title>
          <Text size="sm">
            {token ? 'Com a chave que você acabou de criar.' : 'Crie uma chave acima e troque ark_SUA_CHAVE por ela.'} Use uma
            Idempotency-Key nova para cada envio: repetir o mesmo pedido com a mesma chave não envia de novo.
          </Text>
          <Code block data-testid="first-send-curl" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {curl}
          </Code>
          <Group>
            <CopyButton value={curl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copiado' : 'Copiar comando'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Paper>
      <WebhooksPanel />
    </Stack>
  );
}
