import { type AremailAccount, addAccount, isEmail, removeAccount, USERS_MSG } from '@ar/core';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The user's AR-Email sender accounts (spec 001 §2.11): adding needs an e-mail; the first added
 * is the main one; a repeated e-mail is dropped; removing the main one promotes the first left.
 * With none, the login e-mail is used.
 */
export function AremailAccountsField({
  value,
  onChange,
  loginEmail,
}: {
  value: AremailAccount[];
  onChange: (next: AremailAccount[]) => void;
  loginEmail: string;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const typed = email.trim();
  const invalid = typed.length > 0 && !isEmail(typed);
  const add = () => {
    if (!isEmail(typed)) return;
    onChange(addAccount(value, { name, email: typed }));
    setName('');
    setEmail('');
  };
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Contas AR-Email
      </Text>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          placeholder="Nome da conta"
          aria-label="Nome da conta"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <TextInput
          placeholder="E-mail da conta"
          aria-label="E-mail da conta"
          value={email}
          error={invalid ? USERS_MSG.accountEmailInvalid : undefined}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!isEmail(typed)}>
          Adicionar
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="accounts-empty">
          Nenhuma conta informada: será usado o e-mail de login{loginEmail ? ` (${loginEmail})` : ''}.
        </Text>
      ) : (
        <Paper withBorder p="xs" radius="sm">
          <Stack gap={4} aria-label="Contas AR-Email" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {value.map((a) => (
              <Group key={a.email} component="li" justify="space-between" wrap="nowrap" data-main={a.main}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{a.name ? `${a.name} <${a.email}>` : a.email}</Text>
                  {a.main && (
                    <Badge size="xs" variant="light">
                      Principal
                    </Badge>
                  )}
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remover ${a.email}`}
                  onClick={() => onChange(removeAccount(value, a.email))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
