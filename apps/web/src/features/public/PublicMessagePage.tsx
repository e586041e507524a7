import { NOT_VERIFY, PUBLIC_MSG } from '@ar/core';
import { Container, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showAlert, showWarning } from '../../app/alerts.ts';
import { Logo } from '../../layout/Logo.tsx';
import { MessageView } from './MessageView.tsx';
import {
  answerStore,
  OPENING_FLAGS,
  publicMessageCall,
  registerAcceptCall,
  registerPhoneReadCall,
  registerReadCall,
} from './public.api.ts';

/** /emails/info/public/{uuid}: the message as its recipient sees it, with its evidence (spec 002 §2, §3). */
export default function PublicMessagePage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const verify = search.get('verify') ?? answerStore.get(uuid);
  useEffect(() => {
    if (search.get('verify')) answerStore.set(uuid, search.get('verify') as string);
  }, [search, uuid]);

  const detail = useQuery({
    queryKey: ['public-message', uuid, verify],
    queryFn: () => publicMessageCall(uuid, verify),
    retry: false,
  });

  // The security question, an unknown message: where the spec sends the visitor.
  useEffect(() => {
    const e = detail.error;
    if (!(e instanceof ApiError)) return;
    if (e.status === 403 && e.message.startsWith(NOT_VERIFY)) {
      const params = new URLSearchParams({ origin: 'email', ...(verify ? { erro: '1' } : {}) });
      for (const flag of OPENING_FLAGS) if (search.get(flag)) params.set(flag, search.get(flag) as string);
      navigate(`/emails/info/public/verify/${uuid}?${params}`, { replace: true });
    } else if (e.status === 404) {
      showAlert('Aviso', PUBLIC_MSG.notFound, () => navigate('/', { replace: true }));
    } else {
      showWarning(e.message);
    }
  }, [detail.error, navigate, uuid, verify, search]);

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
      void registerReadCall(uuid, verify)
        .then(() => refetch())
        .catch(() => undefined);
    // Opened from the link of the SMS (sms=1) or of the WhatsApp message (whatsapp=1): that channel's read.
    for (const channel of ['sms', 'whatsapp'] as const)
      if (search.get(channel))
        void registerPhoneReadCall(uuid, channel, verify)
          .then(() => refetch())
          .catch(() => undefined);
    if (search.get('accept'))
      void confirmReceipt(uuid, verify, () => {
        setAccepted(true);
        void refetch();
      });
  }, [loaded, search, uuid, verify, refetch]);

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

  const accept = () =>
    confirmReceipt(uuid, verify, () => {
      setAccepted(true);
      void detail.refetch();
    });

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

async function confirmReceipt(uuid: string, verify: string | undefined, done: () => void) {
  try {
    const answer = await registerAcceptCall(uuid, verify);
    done();
    showAlert('Aviso', answer.message);
  } catch (e) {
    showWarning(e instanceof ApiError ? e.message : 'Não foi possível registrar a confirmação.');
  }
}
