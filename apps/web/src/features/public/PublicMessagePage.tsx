import { NOT_VERIFY, PUBLIC_MSG } from '@ar/core';
import { Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { Logo } from '../../layout/Logo.tsx';
import { MessageView } from './MessageView.tsx';
import {
  answerCall,
  OPENING_FLAGS,
  publicMessageCall,
  registerAcceptCall,
  registerPhoneReadCall,
  registerReadCall,
  verifyPagePath,
} from './public.api.ts';

/** /emails/info/public/{uuid}: the message as its recipient sees it, with its evidence (spec 002 §2, §3). */
export default function PublicMessagePage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();

  // The security question's page, keeping the opening flags (and saying the last answer was wrong).
  const askQuestion = useCallback(
    (wrong = false) => {
      const params: Record<string, string> = { origin: 'email', ...(wrong ? { erro: '1' } : {}) };
      for (const flag of OPENING_FLAGS) if (search.get(flag)) params[flag] = search.get(flag) as string;
      navigate(verifyPagePath(uuid, params), { replace: true });
    },
    [navigate, search, uuid],
  );

  // A link that carries the answer (the spec's ?verify=): it is sent once, in a call's body, and
  // leaves the address (and this history entry) at once; the answer cookie does the rest.
  const given = search.get('verify');
  const answering = useRef<string | null>(null);
  useEffect(() => {
    if (!given || answering.current === given) return;
    answering.current = given;
    const rest = new URLSearchParams(search);
    rest.delete('verify');
    const withoutAnswer = `/emails/info/public/${uuid}${rest.size ? `?${rest}` : ''}`;
    answerCall(uuid, { verify: given }).then(
      () => navigate(withoutAnswer, { replace: true }),
      (e) => {
        if (e instanceof ApiError && e.status === 403) return askQuestion(true);
        if (e instanceof ApiError && e.status !== 0) showWarning(e.message);
        navigate(withoutAnswer, { replace: true });
      },
    );
  }, [given, search, uuid, navigate, askQuestion]);

  const detail = useQuery({
    queryKey: ['public-message', uuid],
    queryFn: () => publicMessageCall(uuid),
    retry: false,
    enabled: !given,
  });

  // The security question, an unknown message: where the spec sends the visitor.
  useEffect(() => {
    const e = detail.error;
    if (!(e instanceof ApiError)) return;
    if (e.status === 403 && e.message.startsWith(NOT_VERIFY)) {
      askQuestion();
    } else if (e.status === 404) {
      showAlert('Aviso', PUBLIC_MSG.notFound, () => navigate('/', { replace: true }));
    } else {
      showWarning(e.message);
    }
  }, [detail.error, navigate, askQuestion]);

  // Opened from the e-mail's button (email=1), the SMS's or WhatsApp's link (sms=1, whatsapp=1) or asked to confirm (accept=1): recorded once per
  // visit, then the page reads the message again to show what the visit just recorded (Lido em,
  // Situação, the certificates).
  const registered = useRef(false);
  const [accepted, setAccepted] = useState(false);
  const loaded = !!detail.data;
  const { refetch } = detail;
  useEffect(() => {
    if (!loaded || registered.current) return;
    registered.current = true;
    if (search.get('email'))
      void registerReadCall(uuid)
        .then(() => refetch())
        .catch(() => undefined);
    // Opened from the link of the SMS (sms=1) or of the WhatsApp message (whatsapp=1): that channel's read.
    for (const channel of ['sms', 'whatsapp'] as const)
      if (search.get(channel))
        void registerPhoneReadCall(uuid, channel)
          .then(() => refetch())
          .catch(() => undefined);
    if (search.get('accept'))
      void confirmReceipt(
        uuid,
        () => {
          setAccepted(true);
          void refetch();
        },
        askQuestion,
      );
  }, [loaded, search, uuid, refetch, askQuestion]);

  const title = detail.data?.customPage.customTitle ?? 'Notificação digital registrada';
  useEffect(() => {
    document.title = title;
    const favicon = detail.data?.customPage.customFavicon;
    if (favicon) {
      const link =
        document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ?? document.head.appendChild(document.createElement('link'));
      link.rel = 'icon';
      link.href = favicon;
    }
  }, [title, detail.data?.customPage.customFavicon]);

  // The answer cookie may have expired while the page was open: then the question again, and back with accept=1.
  const accept = () =>
    confirmReceipt(
      uuid,
      () => {
        setAccepted(true);
        void detail.refetch();
      },
      () => navigate(verifyPagePath(uuid, { origin: 'email', accept: '1' }), { replace: true }),
    );

  return (
    <Container size="lg" py="lg">
      <Stack>
        <Group justify="space-between">
          <Logo />
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        </Group>
        {detail.isPending && (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        )}
        {detail.data && <MessageView m={detail.data} uuid={uuid} onAccept={accept} accepted={accepted || detail.data.aceito} />}
      </Stack>
    </Container>
  );
}

async function confirmReceipt(uuid: string, done: () => void, askQuestion: () => void) {
  try {
    const answer = await registerAcceptCall(uuid);
    done();
    showAlert('Aviso', answer.message);
  } catch (e) {
    if (e instanceof ApiError && e.status === 403 && e.message.startsWith(NOT_VERIFY)) return askQuestion();
    showWarning(e instanceof ApiError ? e.message : 'Não foi possível registrar a confirmação.');
  }
}
