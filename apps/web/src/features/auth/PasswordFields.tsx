import { MSG, PASSWORD_RULES } from '@ar/core';
import { List, PasswordInput, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export interface PasswordValue {
  newPassword: string;
  confirmPassword: string;
}

export function passwordFormValid(v: PasswordValue): boolean {
  return PASSWORD_RULES.every((r) => r.test(v.newPassword)) && v.newPassword === v.confirmPassword;
}

/** New password with confirmation and the spec's six rule messages, each marked as it holds. */
export function PasswordFields({ value, onChange }: { value: PasswordValue; onChange: (v: PasswordValue) => void }) {
  const touched = value.newPassword.length > 0;
  const mismatch = value.confirmPassword.length > 0 && value.confirmPassword !== value.newPassword;
  return (
    <Stack gap="xs">
      <PasswordInput
        label="Nova senha"
        required
        autoComplete="new-password"
        value={value.newPassword}
        onChange={(e) => onChange({ ...value, newPassword: e.currentTarget.value })}
      />
      <PasswordInput
        label="Confirme a nova senha"
        required
        autoComplete="new-password"
        value={value.confirmPassword}
        error={mismatch ? MSG.password.mismatch : undefined}
        onChange={(e) => onChange({ ...value, confirmPassword: e.currentTarget.value })}
      />
      <List spacing={2} size="sm" center aria-label="Regras da senha">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(value.newPassword);
          return (
            <List.Item
              key={rule.message}
              data-ok={ok}
              icon={
                ok ? (
                  <IconCheck size={16} color="var(--mantine-color-green-7)" />
                ) : (
                  <IconX size={16} color={touched ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-gray-5)'} />
                )
              }
            >
              <Text size="sm" c={ok ? 'green.8' : touched ? 'red.7' : 'dimmed'}>
                {rule.message}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
