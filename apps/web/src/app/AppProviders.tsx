import 'dayjs/locale/pt-br';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Outlet } from 'react-router';

// What every screen but the login uses, loaded with the first of them (app/router.tsx): the query
// cache, notifications and the pt-BR dates. The login screen goes without them (docs/performance.md,
// web budget); the router also waits for the modals (app/modals.tsx) before showing these screens.
dayjs.locale('pt-br');

// networkMode 'always': offline, a query or a save still runs and fails, so the client shows the
// spec's 'Conexão perdida!... Cod 31' instead of pausing silently until the network is back.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Notifications position="top-right" />
      <Outlet />
    </QueryClientProvider>
  );
}
