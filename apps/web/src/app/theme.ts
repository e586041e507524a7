import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});
