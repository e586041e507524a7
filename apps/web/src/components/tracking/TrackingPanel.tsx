import type { ClickTracking } from '@ar/core';
import { CHANNEL_NAMES, placeOf, trackingActionText } from '@ar/core';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../app/format.ts';
import { usePublicConfig } from '../../app/public-config.ts';

// The map (Leaflet and the shipped outlines) is a chunk of its own, loaded only where a panel has a
// located event (docs/maps.md): never with /login, nor with a page without one.
const TrackingMap = lazy(() => import('./TrackingMap.tsx'));

/**
 * The tracking panel (spec 001 §2.7, 002 §3 "Tracking"): each of the recipient's reads, clicks,
 * downloads and acceptances, per channel, with its IP and place, and a map of the located ones.
 * Shown by the sent detail and the public page's Rastreamento tab only when the sender may view
 * geolocation (the server sends no rows otherwise).
 */
export function TrackingPanel({ items }: { items: ClickTracking[] }) {
  const config = usePublicConfig().data;
  const located = items.some((t) => t.position);
  return (
    <div data-testid="tracking-panel">
      {located && (
        <Suspense fallback={<Skeleton h={360} radius="md" mb="md" />}>
          <TrackingMap items={items} tiles={config?.map ?? null} />
        </Suspense>
      )}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma leitura, clique, download ou aceite do destinatário até agora.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Ação</Table.Th>
                <Table.Th>IP</Table.Th>
                <Table.Th>Local</Table.Th>
                <Table.Th>Posição</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <Table.Tr key={`${c.date}-${c.canal}-${c.acao}-${c.url ?? ''}`}>
                  <Table.Td>{formatDateTime(c.date)}</Table.Td>
                  <Table.Td>{CHANNEL_NAMES[c.canal]}</Table.Td>
                  <Table.Td>{trackingActionText(c)}</Table.Td>
                  <Table.Td>{c.ip ?? '—'}</Table.Td>
                  <Table.Td>{placeOf(c) || '—'}</Table.Td>
                  <Table.Td>{c.position ? `${c.position.lat.toFixed(3)}, ${c.position.lng.toFixed(3)}` : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Localização aproximada do endereço IP.{' '}
        <Anchor href="https://db-ip.com" target="_blank" rel="noopener" size="xs" underline="always">
          IP Geolocation by DB-IP
        </Anchor>
      </Text>
    </div>
  );
}
