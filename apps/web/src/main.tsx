import './app/no-eval.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import 'dayjs/locale/pt-br';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reportClientError } from './api/client.ts';
import { createAppRouter } from './app/router.tsx';
import { theme } from './app/theme.ts';

dayjs.locale('pt-br');

// networkMode 'always': offline, a query or a save still runs and fails, so the client shows the
// spec's 'Conexão perdida!... Cod 31' instead of pausing silently until the network is back.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

window.addEventListener('error', (e) => reportClientError(String(e.message)));
window.addEventListener('unhandledrejection', (e) => reportClientError(String(e.reason)));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider modalProps={{ closeOnClickOutside: false }}>
            <Notifications position="top-right" />
            <RouterProvider router={createAppRouter()} />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
