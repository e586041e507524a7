import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reportClientError } from './api/client.ts';
import { reportException, startErrorReporting } from './app/error-reporting.ts';
import { ModalsSlot } from './app/modals.tsx';
import { loadPublicConfig } from './app/public-config.ts';
import { createAppRouter } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';

// The entry holds only what /login needs; the query cache, notifications and dates come with the
// other screens (app/AppProviders.tsx), the modals on first need (app/modals.tsx).

window.addEventListener('error', (e) => {
  reportClientError(String(e.message));
  reportException(e.error ?? e.message);
});
window.addEventListener('unhandledrejection', (e) => {
  reportClientError(String(e.reason));
  reportException(e.reason);
});
// The error-reporting service, if the installation has one (GET /v2/config, read once for every screen).
loadPublicConfig().then(startErrorReporting, () => startErrorReporting({ errorReporting: null }));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ModalsSlot />
        <RouterProvider router={createAppRouter()} />
      </MantineProvider>
    </StrictMode>,
  );
}
