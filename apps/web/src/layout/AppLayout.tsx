import type { TotalAlertas } from '@ar/core';
import { Anchor, Badge, Box, Burger, Button, Container, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { apiClient } from '../api/typed-client.ts';
import { usePublicConfig } from '../app/public-config.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { NotificationsBell } from '../features/notifications/NotificationsBell.tsx';
import { useTotalAlertas } from '../features/notifications/realtime-store.ts';
import { connectRealtime } from '../features/notifications/socket.ts';
import { PlanCreditsLabel } from '../features/plans/PlanCreditsLabel.tsx';
import { updateSessionUser, useSession } from '../session/session.ts';
import { Logo } from './Logo.tsx';
import { badgeCount, type NavEntry, navigationFor, planTitle } from './navigation.ts';

function openAbout() {
  modals.open({
    title: <strong>Sobre</strong>,
    centered: true,
    children: (
      <Stack gap="xs">
        <Text fw={700}>AR Online</Text>
        <Text size="sm">
          Serviço de mensagens eletrônicas registradas: AR-Email, AR-SMS, AR-WhatsApp, AR-Voz e AR-Carta, com protocolo único, carimbo do
          tempo (RFC 3161), comprovante de envio e laudo pericial.
        </Text>
        <Text size="xs" c="dimmed">
          Versão 2 · Horários exibidos no horário de Brasília.
        </Text>
      </Stack>
    ),
  });
}

/** A count badge of the navigation (the pending proofs of 'Gerar Comprovantes'); nothing at 0. */
function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={count < 10}
      aria-label={`${label}: ${count} pendente${count === 1 ? '' : 's'}`}
      data-testid="nav-badge"
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

function NavItem({ entry, totals }: { entry: NavEntry; totals: TotalAlertas }) {
  if ('items' in entry) {
    return (
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <UnstyledButton className="ar-nav-link" aria-haspopup="menu">
            <Group gap={4} wrap="nowrap">
              {entry.label}
              <CountBadge count={badgeCount(entry, totals)} label={entry.label} />
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {entry.items.map((i) => (
            <Menu.Item key={i.to} component={Link} to={i.to} rightSection={<CountBadge count={badgeCount(i, totals)} label={i.label} />}>
              {i.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  }
  if (entry.external) {
    return (
      <Anchor className="ar-nav-link" href={entry.to} target="_blank" rel="noopener" underline="never">
        {entry.label}
      </Anchor>
    );
  }
  return (
    <NavLink className="ar-nav-link" to={entry.to}>
      {entry.label}
    </NavLink>
  );
}

/** The signed-in frame: top navigation, user menu, content, footer. */
export function AppLayout() {
  const session = useSession();
  const config = usePublicConfig();
  const [drawer, { toggle, close }] = useDisclosure(false);
  // The stored user is refreshed once per visit, so menus follow changes made elsewhere.
  const me = useQuery({ queryKey: ['me'], queryFn: () => apiClient.GET('/v2/me'), enabled: !!session });
  useEffect(() => {
    if (me.data) updateSessionUser(me.data);
  }, [me.data]);
  // The realtime socket (docs/realtime.md) while signed in; a new session reconnects, a logout disconnects.
  // When the server closes it, the session is asked for: over, and the client's 401 takes this tab
  // to /login; still live (another tab signed in again), a new socket.
  const userId = session && !session.mustChangePassword ? session.user.usu_codigo : undefined;
  const [socketRound, setSocketRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: socketRound is what opens the new socket.
  useEffect(() => {
    if (userId === undefined) return;
    const onEnded = () =>
      void apiClient.GET('/v2/me', { silent: true }).then(
        () => setSocketRound((r) => r + 1),
        () => {},
      );
    return connectRealtime({ userId, onEnded });
  }, [userId, socketRound]);
  const totals = useTotalAlertas();
  if (!session) return null;
  const { user } = session;
  const entries = navigationFor(user, config.data?.storeUrl ?? '#');
  const userMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="white"
          leftSection={<IconUserCircle size={20} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`${user.usu_nome.split(' ')[0]}: menu do usuário`}
        >
          {user.usu_nome.split(' ')[0]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {planTitle(user)}
          {user.ent_nome_fantasia ? ` · ${user.ent_nome_fantasia}` : ''}
        </Menu.Label>
        <PlanCreditsLabel />
        <Menu.Item component={Link} to="/configuracao/conta">
          Minha Conta
        </Menu.Item>
        <Menu.Item component={Link} to="/planos">
          Gerenciar Plano
        </Menu.Item>
        <Menu.Item component={Link} to="/integracoes">
          Integrações
        </Menu.Item>
        <Menu.Item onClick={openAbout}>Sobre</Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red">
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <Box component="header" bg="blue.9" c="white" py={8}>
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Link to="/emails/enviados" aria-label="AR Online: início" style={{ textDecoration: 'none' }}>
                <Logo inverted />
              </Link>
              <Group component="nav" gap={2} visibleFrom="md" aria-label="Navegação principal" wrap="nowrap">
                {entries.map((e) => (
                  <NavItem key={e.label} entry={e} totals={totals} />
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NotificationsBell totals={totals} />
              {userMenu}
              <Burger opened={drawer} onClick={toggle} hiddenFrom="md" color="white" aria-label="Abrir navegação" />
            </Group>
          </Group>
        </Container>
      </Box>
      <Drawer opened={drawer} onClose={close} title="Menu" hiddenFrom="md">
        <Stack gap={4} onClick={close}>
          {entries
            .flatMap((e) => ('items' in e ? e.items : [e]))
            .map((i) =>
              i.external ? (
                <Anchor key={i.to} href={i.to} target="_blank" rel="noopener">
                  {i.label}
                </Anchor>
              ) : (
                <Group key={i.to} gap={6}>
                  <Anchor component={Link} to={i.to}>
                    {i.label}
                  </Anchor>
                  <CountBadge count={badgeCount(i, totals)} label={i.label} />
                </Group>
              ),
            )}
        </Stack>
      </Drawer>
      <Container size="xl" py="lg" w="100%" style={{ flex: 1 }} component="main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Box component="footer" py="sm" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} AR Online. Todos os direitos reservados.
            </Text>
            <Anchor size="xs" href="/privacidade" target="_blank">
              Política de privacidade e termos de uso
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
