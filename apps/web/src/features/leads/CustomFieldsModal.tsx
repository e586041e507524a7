import { type CustomFieldDef, formatCustomVariable, newCustomVariable } from '@ar/core';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess, SAVE_DEBOUNCE_MS, StaticModal, showFailure } from '../../components/registry-ui.tsx';
import { saveCustomFieldsCall } from './leads.api.ts';

/** Campo Customizado: the user's own template variables, kept in settings customField.data. */
export function CustomFieldsModal({ fields, onClose, onSaved }: { fields: CustomFieldDef[]; onClose: () => void; onSaved: () => void }) {
  const [list, setList] = useState(fields);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => saveCustomFieldsCall(list),
    onSuccess: () => {
      notifySuccess('Campos customizados salvos com sucesso!');
      onSaved();
    },
    onError: (e) => showFailure('Houve um erro ao salvar os campos customizados', e),
  });
  const save = useDebouncedCallback(() => mutation.mutate(), SAVE_DEBOUNCE_MS);
  const add = () => {
    const result = newCustomVariable(typed, list);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setList([...list, result.field]);
    setTyped('');
    setError(null);
  };
  const preview = typed.trim() ? formatCustomVariable(typed) : '';

  return (
    <StaticModal opened onClose={onClose} title="Campo Customizado" size="lg">
      <Stack>
        <Group align="flex-start" gap="xs">
          <TextInput
            label="Nome da variável"
            placeholder="Ex.: Número do processo"
            maxLength={80}
            value={typed}
            error={error}
            description={preview ? `Variável: ${preview}` : 'Letras e números; espaços viram _'}
            style={{ flex: 1 }}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button mt={24} leftSection={<IconPlus size={16} />} onClick={add}>
            Adicionar
          </Button>
        </Group>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Variável</Table.Th>
              <Table.Th w={60} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" size="sm">
                    Nenhum registro encontrado
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              list.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.description}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" tt="none">
                      {f.value}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remover ${f.description}`}
                      onClick={() => setList(list.filter((x) => x.id !== f.id))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={mutation.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </StaticModal>
  );
}
