import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../layout/Logo.tsx';

/** The frame of the small public pages: the logo and one card. */
export function PublicFrame({ children, size = 'sm' }: { children: ReactNode; size?: string }) {
  return (
    <Container size={size} py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack>
          <Logo />
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
