import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { MultiFilter } from './MultiFilter.tsx';
import { useSearchDraft } from './search-draft.ts';
import type { PagedTableProps } from './types.ts';

type SearchBarProps = Pick<
  PagedTableProps<unknown>,
  'state' | 'onStateChange' | 'searchPlaceholder' | 'searchLabel' | 'tagOptions' | 'statusOptions' | 'toolbar'
>;

/** The table's header: search (also on Enter), the tag and status filters, 'Pesquisar', clear, and the screen's toolbar. */
export function SearchBar(props: SearchBarProps) {
  const draft = useSearchDraft(props.state, props.onStateChange);
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="xs" align="flex-end" style={{ flex: 1 }}>
        <TextInput
          aria-label={props.searchLabel ?? 'Pesquisar'}
          label={props.searchLabel}
          placeholder={props.searchPlaceholder}
          value={draft.term}
          onChange={(e) => draft.setTerm(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              draft.search();
            }
          }}
          leftSection={<IconSearch size={16} />}
          style={{ flex: 1, minWidth: 220, maxWidth: 480 }}
        />
        {props.tagOptions && <MultiFilter label="Etiquetas" options={props.tagOptions} selected={draft.tags} onChange={draft.setTags} />}
        {props.statusOptions && (
          <MultiFilter
            label="Status"
            options={props.statusOptions.map((o) => ({ ...o, value: `${o.group}:${o.value}` }))}
            selected={draft.status}
            onChange={draft.setStatus}
          />
        )}
        <Button onClick={() => draft.search()} leftSection={<IconSearch size={16} />}>
          Pesquisar
        </Button>
        <ActionIcon variant="default" size="lg" onClick={draft.clear} aria-label="Limpar pesquisa">
          <IconX size={16} />
        </ActionIcon>
      </Group>
      {props.toolbar}
    </Group>
  );
}
