/**
 * How an open, a click or a download is classified (docs/reads.md). Mail providers fetch images
 * through proxies, and security gateways follow links before the recipient does; both leave the
 * same traces as a person. Every fetch is recorded as evidence, with its classification; only a
 * fetch classified as a person changes the message's status.
 */
export type ReadClass = 'pessoa' | 'proxy-de-imagens' | 'verificador-de-links' | 'automatico';

export interface ReadSignal {
  userAgent: string | null | undefined;
  ip: string | null | undefined;
  /** When the message was handed to the recipient's server (its 'send' event). */
  sentAt: Date | null;
  at: Date;
  /** Which route saw it: the image in the e-mail, or a page whose script called the API. */
  via: 'pixel' | 'pagina';
}

export interface ReadVerdict {
  classe: ReadClass;
  motivo: string;
}

/** Image proxies of mail providers: they fetch the pixel on the recipient's behalf (or in advance). */
const IMAGE_PROXIES: [RegExp, string][] = [
  [/GoogleImageProxy|ggpht\.com/i, 'proxy de imagens do Gmail'],
  [/YahooMailProxy/i, 'proxy de imagens do Yahoo'],
  [/Outlook-iOS|Microsoft Office|ms-office|OneOutlook/i, 'proxy de imagens da Microsoft'],
  [/Feedfetcher|Mail\.ru|yandex.*images/i, 'proxy de imagens de provedor'],
];

/** Link scanners, previewers and programs that are not a person's browser. */
const AUTOMATED: [RegExp, string][] = [
  [/HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium/i, 'navegador automatizado'],
  [
    /Safe ?Links|Defender|Barracuda|Proofpoint|Mimecast|Symantec|Forcepoint|Sophos|Trend ?Micro|ZScaler|Cisco/i,
    'verificador de links de segurança',
  ],
  [
    /bot\b|crawler|spider|scanner|preview|facebookexternalhit|Slackbot|TelegramBot|WhatsApp\/|Discordbot|SkypeUriPreview/i,
    'robô ou pré-visualização de links',
  ],
  [
    /curl\/|wget\/|python-requests|python-urllib|Go-http-client|okhttp|Java\/|libwww|node-fetch|axios|undici/i,
    'programa, não um navegador',
  ],
];

/** Apple Mail Privacy Protection loads every image through Apple's network (17.0.0.0/8) when mail arrives. */
const isAppleNetwork = (ip: string) => /^17\./.test(ip) || /^::ffff:17\./.test(ip);

/** A person needs a moment to open a message; a fetch this soon after sending is the provider's. */
export const MIN_HUMAN_SECONDS = 5;

export function classifyRead(s: ReadSignal): ReadVerdict {
  const ua = (s.userAgent ?? '').trim();
  if (!ua) return { classe: 'automatico', motivo: 'sem identificação do navegador' };
  for (const [re, motivo] of IMAGE_PROXIES) if (re.test(ua)) return { classe: 'proxy-de-imagens', motivo };
  for (const [re, motivo] of AUTOMATED)
    if (re.test(ua)) return { classe: /segurança/.test(motivo) ? 'verificador-de-links' : 'automatico', motivo };
  if (s.via === 'pixel' && s.ip && isAppleNetwork(s.ip))
    return { classe: 'proxy-de-imagens', motivo: 'proteção de privacidade do Apple Mail' };
  if (!/Mozilla\/|Opera\//.test(ua)) return { classe: 'automatico', motivo: 'programa, não um navegador' };
  if (s.sentAt && (s.at.getTime() - s.sentAt.getTime()) / 1000 < MIN_HUMAN_SECONDS)
    return {
      classe: s.via === 'pixel' ? 'proxy-de-imagens' : 'verificador-de-links',
      motivo: `menos de ${MIN_HUMAN_SECONDS} s após a entrega`,
    };
  return { classe: 'pessoa', motivo: s.via === 'pixel' ? 'imagem carregada por um navegador' : 'página aberta em um navegador' };
}

/**
 * Whether an event's details say a person did it: only a person's reads count as a status (the rest
 * stays evidence in the chain and the report). Events recorded without a classification count.
 */
export function isPersonEvent(detalhes: unknown): boolean {
  const c = (detalhes as { classificacao?: string } | null)?.classificacao;
  return c === undefined || c === 'pessoa';
}
