import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { summarizeSelection } from './pagination.ts';
import type { FilterOption } from './types.ts';

/** A button that opens a list of checkboxes; it reads 'Label: A, B, C, D e mais N' once some are ticked. */
export function MultiFilter({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: FilterOption[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const chosen = options
    .filter((o) => selected.includes(o.value))
    .map((o) => (o.group ? `${o.label} (${o.groupLabel ?? o.group})` : o.label));
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilter size={16} />} maw={360}>
          <Text truncate size="sm" data-testid={`filter-summary-${label}`}>
            {chosen.length ? `${label}: ${summarizeSelection(chosen)}` : label}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={300}>
          <Stack gap={6}>
            {options.map((o) => (
              <Checkbox
                key={`${o.group ?? ''}${o.value}`}
                label={o.group ? `${o.label} (${o.groupLabel ?? o.group})` : o.label}
                checked={selected.includes(o.value)}
                onChange={(e) => onChange(e.currentTarget.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
