import { PUBLIC_MSG } from '@ar/core';
import { Anchor, Loader, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PublicFrame } from './PublicFrame.tsx';
import { decodeName, publicFileCall, questionOf } from './public.api.ts';
import { useAskQuestion } from './use-ask-question.ts';

/**
 * /emails/info/public/attachments/{base64 name}/{uuid}: downloads the file, then closes itself
 * after 2 seconds (spec 002 §2); where a browser will not close it, a manual link stays.
 */
export default function AttachmentPage() {
  const { name = '', uuid = '' } = useParams();
  const askQuestion = useAskQuestion('attachments');
  const filename = decodeName(name);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'done'; url: string } | { kind: 'error'; message: string }>({
    kind: 'loading',
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The answer cookie of the message goes along by itself (docs/security-answer.md).
    publicFileCall(`/v2/email/public/attachments/${uuid}`).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        const a = Object.assign(document.createElement('a'), { href: url, download: filename });
        document.body.append(a);
        a.click();
        a.remove();
        setState({ kind: 'done', url });
        setTimeout(() => window.close(), 2000);
      },
      (e) => {
        const codeEmail = questionOf(e);
        if (codeEmail) return askQuestion(codeEmail);
        setState({ kind: 'error', message: e instanceof ApiError && e.status === 403 ? e.message : PUBLIC_MSG.downloadError });
      },
    );
  }, [uuid, filename, askQuestion]);

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
