import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getSession } from '../../session/session.ts';

/** Only the demo mode's own pages: a path under /dev, never another site. */
export function devDestination(raw: string | null): string {
  return raw && /^\/dev\/[A-Za-z0-9/_.-]*$/.test(raw) && !raw.includes('..') ? raw : '/dev/mailbox';
}

/**
 * /simuladores?destino=/dev/…: opens a page of the demo mode's simulators (the local mailbox, the
 * simulated phone) as the signed-in user (the route is inside the signed-in area, so a visitor
 * signs in first and comes back). Those pages are the server's own HTML, which read the product's
 * session cookie (docs/simulators.md); this checks the page is there (the simulators are on) and goes.
 */
export default function DevAccessPage() {
  const [params] = useSearchParams();
  const destination = devDestination(params.get('destino'));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!getSession()) return;
    let cancelled = false;
    fetch(destination, { method: 'HEAD' })
      .then((res) => {
        if (cancelled) return;
        if (res.ok) window.location.replace(destination);
        else if (res.status === 404) setProblem('Os simuladores não estão ligados nesta instalação (só no modo de demonstração).');
        else setProblem('Não foi possível abrir os simuladores com esta sessão. Entre novamente e tente de novo.');
      })
      .catch(() => !cancelled && setProblem('Sem conexão com o servidor. Tente de novo em instantes.'));
    return () => {
      cancelled = true;
    };
  }, [destination]);

  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Title order={3}>Simuladores do modo de demonstração</Title>
        {problem ? (
          <>
            <Text role="alert">{problem}</Text>
            <Anchor component={Link} to="/">
              Voltar ao início
            </Anchor>
          </>
        ) : (
          <>
            <Loader size="sm" aria-label="Abrindo" />
            <Text c="dimmed">Abrindo {destination.startsWith('/dev/telefone') ? 'o telefone simulado' : 'a caixa de saída local'}…</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
