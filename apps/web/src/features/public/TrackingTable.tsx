import type { PublicMessage } from '@ar/core';
import { Anchor, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../app/format.ts';

/** The Click Tracking tab: the recipient's reads, clicks, downloads and acceptance with their places (when the sender allows). */
export function TrackingTable({ m }: { m: PublicMessage }) {
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Ação</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>Local</Table.Th>
              <Table.Th>Posição</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.clickTracking.map((c) => (
              <Table.Tr key={`${c.date}-${c.acao}`}>
                <Table.Td>{formatDateTime(c.date)}</Table.Td>
                <Table.Td>{c.url ? `${c.acao}: ${c.url}` : c.acao}</Table.Td>
                <Table.Td>{c.ip ?? '—'}</Table.Td>
                <Table.Td>{[c.city, c.state, c.country].filter(Boolean).join(', ') || '—'}</Table.Td>
                <Table.Td>
                  {c.position ? (
                    <Anchor
                      href={`https://www.openstreetmap.org/?mlat=${c.position.lat}&mlon=${c.position.lng}#map=10/${c.position.lat}/${c.position.lng}`}
                      target="_blank"
                      rel="noopener"
                    >
                      {c.position.lat.toFixed(3)}, {c.position.lng.toFixed(3)}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        Localização aproximada do endereço IP.{' '}
        <Anchor href="https://db-ip.com" target="_blank" rel="noopener" size="xs">
          IP Geolocation by DB-IP
        </Anchor>
      </Text>
    </>
  );
}
