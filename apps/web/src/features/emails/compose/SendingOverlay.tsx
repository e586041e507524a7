import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect } from 'react';
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

/** The plane that crosses the screen once the server accepted the send. */
export function PlaneFlight({ onEnd }: { onEnd: () => void }) {
  // animationend does not fire when motion is reduced to nothing or the tab is hidden: a timer backs it up.
  useEffect(() => {
    const t = setTimeout(onEnd, 1600);
    return () => clearTimeout(t);
  }, [onEnd]);
  return (
    <div className={classes.plane} data-testid="sent-plane" aria-hidden onAnimationEnd={onEnd}>
      <IconSend size={72} stroke={1.5} />
    </div>
  );
}

/** After the plane: the server's message, Ok (a new, empty form) or straight to the sent list. */
export function SentDialog({ message, onOk, onGoToSent }: { message: string | null; onOk: () => void; onGoToSent: () => void }) {
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
          <strong>AR-Email enviado</strong>
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
