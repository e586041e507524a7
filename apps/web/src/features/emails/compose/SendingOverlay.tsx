import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import classes from './compose.module.css';

/** What the blurred form shows while the send is on its way (spec 001 §4). */
export function SendingOverlay() {
  return (
    <div className={classes.sending} role="status" aria-live="polite">
      <IconSend size={48} className={classes.sendingIcon} />
      Enviando...
    </div>
  );
}

/** How long the plane may take (its flight is 1.4 s): then the success message shows whatever the animation did. */
export const PLANE_MS = 1600;

/** The plane that crosses the screen once the server accepted the send. */
export function PlaneFlight({ onEnd }: { onEnd: () => void }) {
  // animationend does not fire when motion is reduced to nothing, the tab is hidden or animations
  // are paused: a timer backs it up. Started once: the form re-rendering (a draft saved, a list
  // refetched) used to start it again each time, and the plane stayed over the form with the
  // success message waiting behind it (issue 43).
  const latest = useRef(onEnd);
  latest.current = onEnd;
  const ended = useRef(false);
  const end = useCallback(() => {
    if (ended.current) return;
    ended.current = true;
    latest.current();
  }, []);
  useEffect(() => {
    const t = setTimeout(end, PLANE_MS);
    return () => clearTimeout(t);
  }, [end]);
  return (
    <div className={classes.plane} data-testid="sent-plane" aria-hidden onAnimationEnd={end}>
      <IconSend size={72} stroke={1.5} />
    </div>
  );
}

/** After the plane: the server's message, Ok (a new, empty form) or straight to the sent list. */
export function SentDialog({
  message,
  title = 'AR-Email enviado',
  onOk,
  onGoToSent,
}: {
  message: string | null;
  title?: string;
  onOk: () => void;
  onGoToSent: () => void;
}) {
  return (
    <Modal
      opened={message !== null}
      onClose={onOk}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      title={
        <Group gap="xs">
          <IconCircleCheck color="var(--mantine-color-green-6)" />
          <strong>{title}</strong>
        </Group>
      }
    >
      <Stack>
        <Text data-testid="sent-message">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onGoToSent}>
            Ver enviados
          </Button>
          <Button onClick={onOk} data-autofocus>
            Ok
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
