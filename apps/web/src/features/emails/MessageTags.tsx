import type { MessageTag } from '@ar/core';
import { Badge, Button, Checkbox, CloseButton, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTagPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showWarning } from '../../app/alerts.ts';
import { addTagsCall, removeTagCall, tagOptionsCall } from './emails.api.ts';

/** The tags of a sent message, added and removed in place (POST/DELETE /emails/send/{id}/etiquetas). */
export function MessageTags({ id, tags }: { id: number; tags: MessageTag[] }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const options = useQuery({ queryKey: ['etiquetas-filtro'], queryFn: tagOptionsCall, enabled: open });
  const current = new Set(tags.map((t) => t.eti_codigo));
  const reload = () => client.invalidateQueries({ queryKey: ['email-enviado', id] });

  async function add() {
    try {
      await addTagsCall(id, chosen.map(Number));
      notifications.show({ color: 'green', message: 'Novas etiquetas adicionadas com sucesso!' });
      setChosen([]);
      setOpen(false);
      await reload();
    } catch {
      showWarning('Houve um erro ao adicionar novas etiquetas ao no email');
    }
  }
  async function remove(tagId: number) {
    try {
      await removeTagCall(id, tagId);
      notifications.show({ color: 'green', message: 'Etiqueta removida com sucesso!' });
      await reload();
    } catch {
      showWarning('Houve um erro ao remover a etiqueta');
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Etiquetas
      </Text>
      <Group gap={6}>
        {tags.map((t) => (
          <Badge
            key={t.eti_codigo}
            color={t.eti_cor}
            autoContrast
            radius="sm"
            rightSection={<CloseButton size="xs" aria-label={`Remover etiqueta ${t.eti_nome}`} onClick={() => void remove(t.eti_codigo)} />}
          >
            {t.eti_nome}
          </Badge>
        ))}
        <Popover opened={open} onChange={setOpen} position="bottom-start" withinPortal trapFocus>
          <Popover.Target>
            <Button size="compact-sm" variant="light" leftSection={<IconTagPlus size={14} />} onClick={() => setOpen((o) => !o)}>
              Adicionar etiqueta
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack w={280}>
              <Checkbox.Group label="Etiquetas" value={chosen} onChange={setChosen}>
                <ScrollArea.Autosize mah={220} mt={6}>
                  <Stack gap={6}>
                    {(options.data?.etiquetas ?? [])
                      .filter((t) => !current.has(t.eti_codigo))
                      .map((t) => (
                        <Checkbox key={t.eti_codigo} value={String(t.eti_codigo)} label={t.eti_nome} />
                      ))}
                    {options.isSuccess && options.data.etiquetas.every((t) => current.has(t.eti_codigo)) && (
                      <Text size="sm" c="dimmed">
                        Nenhuma outra etiqueta cadastrada.
                      </Text>
                    )}
                  </Stack>
                </ScrollArea.Autosize>
              </Checkbox.Group>
              <Button disabled={chosen.length === 0} onClick={() => void add()}>
                Adicionar
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Stack>
  );
}
