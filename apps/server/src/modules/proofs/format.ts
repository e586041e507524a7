import { brasiliaDateTime } from '@ar/core';

/** dd/MM/yyyy HH:mm:ss in Brasília time (how every date of the documents reads). */
export const brasilia = (d: Date | string) => brasiliaDateTime(d, { seconds: true });

/** ISO 8601 UTC with milliseconds: exactly the time the event hash covers. */
export const utc = (d: Date | string) => new Date(d).toISOString();

/** Bytes as people read them (pt-BR). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** What each event type means, in the documents' words. */
export const EVENT_LABELS: Record<string, string> = {
  processed: 'Mensagem registrada e colocada na fila de envio',
  send: 'Enviada: aceita pelo servidor de e-mail',
  delivered: 'Entrega confirmada pelo servidor do destinatário',
  read: 'Leitura na página da mensagem',
  track: 'Abertura (imagem de confirmação carregada)',
  viewed: 'Visualizada',
  click: 'Link acessado',
  download: 'Anexo baixado',
  acknowledged: 'Recebimento confirmado pelo destinatário',
  answered: 'Mensagem respondida pelo destinatário',
  erro: 'Falha no envio ou na entrega',
};

export const CHANNEL_LABELS: Record<string, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  voz: 'Voz',
  carta: 'Carta',
};

/** How a read, click or download was classified (docs/reads.md). */
export const CLASS_LABELS: Record<string, string> = {
  pessoa: 'pessoa',
  automatico: 'automático (programa), não conta como leitura',
  'proxy-de-imagens': 'proxy de imagens, não conta como leitura',
  'verificador-de-links': 'verificador de links, não conta como leitura',
};

/** The credit the place database's licence (CC BY 4.0) asks for wherever a place is shown. */
export const DBIP_ATTRIBUTION = 'IP Geolocation by DB-IP, https://db-ip.com';

export const publicPageUrl = (publicUrl: string, uuid: string) => `${publicUrl.replace(/\/+$/, '')}/emails/info/public/${uuid}`;
export const tsaCertificateUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/v2/tsa/certificado.pem`;
