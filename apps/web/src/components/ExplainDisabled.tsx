import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A disabled button that says why when clicked. A disabled <button> gets no clicks, so while
 * `disabled` the button lets the pointer through to this box, whose click calls `onExplain`: the
 * form then shows every unmet rule next to its field (issue 15, "a disabled button always says why").
 * The button keeps its own `disabled`; this only adds the explanation.
 */
export function ExplainDisabled({
  disabled,
  onExplain,
  children,
  testId,
}: {
  disabled: boolean;
  onExplain: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      component="span"
      display="inline-block"
      data-testid={testId}
      data-disabled={disabled || undefined}
      onClick={disabled ? onExplain : undefined}
      style={{ cursor: disabled ? 'not-allowed' : undefined }}
    >
      <Box component="span" display="contents" style={{ pointerEvents: disabled ? 'none' : undefined }}>
        {children}
      </Box>
    </Box>
  );
}
