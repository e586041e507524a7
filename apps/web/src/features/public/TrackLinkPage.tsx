import { PUBLIC_MSG } from '@ar/core';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PublicFrame } from './PublicFrame.tsx';
import { resolveLinkCall } from './public.api.ts';

/** /emails/info/public/track-link-externo/{uuid}: a link of the message; on to it after 2 seconds (spec 002 §2). */
export default function TrackLinkPage() {
  const { lnk = '' } = useParams();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = new Promise((r) => {
      timer = setTimeout(r, 2000);
    });
    void Promise.all([resolveLinkCall(lnk), wait])
      .then(([answer]) => {
        setTarget(answer.url);
        window.location.replace(answer.url);
      })
      .catch(() => setError(true));
    return () => clearTimeout(timer);
  }, [lnk]);
  return (
    <PublicFrame>
      <Title order={3}>Redirecionando…</Title>
      {error ? (
        <Text c="red">{PUBLIC_MSG.linkNotFound}</Text>
      ) : target ? (
        <Text>
          Abrindo <Anchor href={target}>{target}</Anchor>
        </Text>
      ) : (
        <>
          <Text>Você será levado ao endereço do link em instantes. O acesso fica registrado como evidência para o remetente.</Text>
          <Loader />
        </>
      )}
    </PublicFrame>
  );
}
