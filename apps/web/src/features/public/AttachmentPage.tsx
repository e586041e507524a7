import { PUBLIC_MSG } from '@ar/core';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PublicFrame } from './PublicFrame.tsx';
import { decodeName, verifyPagePath } from './public.api.ts';

/**
 * /emails/info/public/attachments/{base64 name}/{uuid}: downloads the file, then closes itself
 * after 2 seconds (spec 002 §2); where a browser will not close it, a manual link stays.
 */
export default function AttachmentPage() {
  const { name = '', uuid = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filename = decodeName(name);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'done'; url: string } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // The answer cookie of the message goes along by itself (docs/security.md).
      const res = await fetch(`/v2/email/public/attachments/${uuid}`).catch(() => null);
      if (!res) return setState({ kind: 'error', message: PUBLIC_MSG.downloadError });
      if (res.status === 403) {
        const body = (await res.json().catch(() => ({}))) as { codeEmail?: string; message?: string };
        if (body.codeEmail)
          return navigate(verifyPagePath(body.codeEmail, { origin: 'attachments', back: location.pathname }), { replace: true });
        return setState({ kind: 'error', message: body.message ?? PUBLIC_MSG.mustVerify });
      }
      if (!res.ok) return setState({ kind: 'error', message: PUBLIC_MSG.downloadError });
      const url = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement('a'), { href: url, download: filename });
      document.body.append(a);
      a.click();
      a.remove();
      setState({ kind: 'done', url });
      setTimeout(() => window.close(), 2000);
    })();
  }, [uuid, filename, navigate, location.pathname]);

  return (
    <PublicFrame>
      <Title order={3}>Download do anexo</Title>
      <Text fw={500}>{filename}</Text>
      {state.kind === 'loading' && <Loader />}
      {state.kind === 'done' && (
        <Text data-testid="attachment-done">
          O download começou. Esta página se fecha sozinha; se não fechar,{' '}
          <Anchor href={state.url} download={filename}>
            clique aqui para baixar de novo
          </Anchor>
          .
        </Text>
      )}
      {state.kind === 'error' && (
        <Text c="red" data-testid="attachment-error">
          {state.message}
        </Text>
      )}
    </PublicFrame>
  );
}
