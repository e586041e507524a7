import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reportClientError } from './api/client.ts';
import { ModalsSlot } from './app/modals.tsx';
import { createAppRouter } from './app/router.tsx';
import { theme } from './app/theme.ts';

// The entry holds only what /login needs; the query cache, notifications and dates come with the
// other screens (app/AppProviders.tsx), the modals on first need (app/modals.tsx).

window.addEventListener('error', (e) => reportClientError(String(e.message)));
window.addEventListener('unhandledrejection', (e) => reportClientError(String(e.reason)));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <ModalsSlot />
        <RouterProvider router={createAppRouter()} />
      </MantineProvider>
    </StrictMode>,
  );
}
