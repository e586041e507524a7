import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export interface PublicConfig {
  storeUrl: string;
  /** Embedded mode: the local mailbox exists at /dev/mailbox. */
  mailbox: boolean;
  productName: string;
  supportEmail: string;
  /** Channels besides e-mail that this installation can send through. */
  channels: { sms: boolean; whatsapp: boolean };
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>('/config', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
