import { SIMULATED_DETAIL, SIMULATED_TITLE } from '@ar/core';
import { Alert } from '@mantine/core';

/** Where evidence is shown (the public page, the sending proof): this message's evidence came from the demo mode's simulators. */
export function SimulatedNotice() {
  return (
    // The title dark, not the light variant's orange: that failed axe's contrast check on the orange panel.
    <Alert
      color="orange"
      variant="light"
      title={SIMULATED_TITLE}
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      data-testid="simulated-notice"
    >
      {SIMULATED_DETAIL}
    </Alert>
  );
}
