import { PUBLIC_MSG, type TrackedLink, trackedLinkTarget } from '@ar/core';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { resolveLinkCall } from './public.api.ts';

/**
 * /emails/info/public/track-link-externo/{uuid}: a link of the message; on to it after 2 seconds
 * (spec 002 §2). The destination's host is shown while the page waits, so the visitor sees where
 * the link goes before going; only http and https are followed (checked again here).
 */
export default function TrackLinkPage() {
  const { lnk = '' } = useParams();
  const [target, setTarget] = useState<TrackedLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const wait = new Promise((r) => {
      timer = setTimeout(r, 2000);
    });
    resolveLinkCall(lnk)
      .then(async (answer) => {
        const safe = trackedLinkTarget(answer.url);
        if (!safe) throw new ApiError(400, PUBLIC_MSG.linkRefused);
        if (cancelled) return;
        setTarget(safe);
        await wait;
        if (!cancelled) window.location.replace(safe.url);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError && e.status === 400 ? e.message : PUBLIC_MSG.linkNotFound);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [lnk]);
  return (
    <PublicFrame>
      <Title order={3}>Redirecionando…</Title>
      {error ? (
        <Text c="red" data-testid="link-error">
          {error}
        </Text>
      ) : target ? (
        <>
          <Text>
            Você será levado a{' '}
            <Text span fw={700} data-testid="link-host">
              {target.host}
            </Text>{' '}
            em instantes. O acesso fica registrado como evidência para o remetente.
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Endereço completo: <Anchor href={target.url}>{target.url}</Anchor>
          </Text>
          <Loader size="sm" />
        </>
      ) : (
        <>
          <Text>Você será levado ao endereço do link em instantes. O acesso fica registrado como evidência para o remetente.</Text>
          <Loader />
        </>
      )}
    </PublicFrame>
  );
}
