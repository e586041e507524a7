import {
  brasiliaDate,
  brasiliaTime,
  type CertificateBlock,
  type Channel,
  type ClickTracking,
  type PageReadResponse,
  type PublicMessage,
} from '@ar/core';
import { storedMessageHtml } from '../../mail/message-html.ts';
import { presentStatuses } from '../emails/emails.presenter.ts';
import type { EventWithStamp } from '../emails/events.queries.ts';
import { presentOficio } from '../emails/oficio.presenter.ts';
import type { PublicRow } from './public.queries.ts';
import { isPersonEvent, type ReadVerdict } from './read-classifier.ts';

const brasilia = (d: Date, part: 'date' | 'time') => (part === 'date' ? brasiliaDate(d) : brasiliaTime(d));

/**
 * GET /emails/info/public/{uuid}: the message as its recipient may see it (spec 002 §3), from the
 * message and every event of its chain with its stamp.
 */
export function presentPublicMessage(msg: PublicRow, events: EventWithStamp[]): PublicMessage {
  // The sender's status lists leave out what was not a person (their evidence stays in the chain).
  const human = events.filter((e) => isPersonEvent(e.evt_detalhes));
  const { status, timeline } = presentStatuses(human);
  const first = (tipos: string[]) => human.find((e) => e.evt_canal === 'email' && tipos.includes(e.evt_tipo));
  const sent = first(['send']);
  const delivered = first(['delivered']) ?? sent;
  const read = first(['read', 'track']);
  const accepted = first(['acknowledged']);
  const failure = events.find((e) => e.evt_tipo === 'erro');
  const trail = (e: EventWithStamp) =>
    `${brasilia(new Date(e.evt_data), 'date')} ${brasilia(new Date(e.evt_data), 'time')} (Brasília) — ${describe(e)}`;
  const block = (e: EventWithStamp | undefined, kind: 'envio' | 'leitura'): CertificateBlock | null =>
    e
      ? {
          ocorridoEm: new Date(e.evt_data).toISOString(),
          carimbo: e.car_token ? Buffer.from(e.car_token).toString('base64') : null,
          hashAssinado: e.evt_hash,
          carimbadoEm: e.car_gen_time ? new Date(e.car_gen_time).toISOString() : null,
          tsa: e.car_tsa,
          ...(kind === 'envio'
            ? { trilhaAuditoria: events.filter((x) => ['processed', 'send', 'delivered'].includes(x.evt_tipo)).map(trail) }
            : {
                trilhaLeitura: human.filter((x) => ['read', 'track', 'click', 'download', 'acknowledged'].includes(x.evt_tipo)).map(trail),
                ipLeitura: e.evt_ip,
              }),
        }
      : null;
  const downloads = new Map<string, Date>();
  for (const e of human)
    if (e.evt_tipo === 'download') {
      const id = String((e.evt_detalhes as { anexo?: string }).anexo ?? '');
      if (!downloads.has(id)) downloads.set(id, new Date(e.evt_data));
    }
  const statusFull = Object.fromEntries(
    (Object.entries(status) as [Channel, (typeof status)[Channel]][]).filter(([, list]) => list.length > 0),
  );
  return {
    codeEmail: msg.ema_uni_id,
    protocolo: msg.ema_uni_codigo,
    subject: msg.ema_uni_subject,
    remetente: msg.ema_uni_name_from,
    destinatario: msg.ema_uni_to ?? msg.ema_uni_name_to,
    // As stored, or for a body stored before the sanitiser's fix, made inert here (cached with the page).
    content: storedMessageHtml(msg.ema_uni_content, msg.ema_uni_data_criacao),
    oficio: presentOficio(msg.ema_uni_oficio, events),
    dataEnviada: sent ? brasilia(new Date(sent.evt_data), 'date') : null,
    horaEnviada: sent ? brasilia(new Date(sent.evt_data), 'time') : null,
    dataEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'date') : null,
    horaEntrega: delivered ? brasilia(new Date(delivered.evt_data), 'time') : null,
    dataLeitura: read ? brasilia(new Date(read.evt_data), 'date') : null,
    horaLeitura: read ? brasilia(new Date(read.evt_data), 'time') : null,
    dataLeituraUTC: read ? new Date(read.evt_data).toISOString() : null,
    numberSMS: msg.ema_uni_sms?.number ?? null,
    messageSMS: msg.ema_uni_sms?.messageContent ?? null,
    attachments: msg.ema_uni_attachments.attachments.map((a) => ({
      originalFilename: a.originalFilename,
      uuidFilename: a.uuidFilename,
      size: a.size,
      track: { date: downloads.get(a.uuidFilename)?.toISOString() ?? null },
    })),
    emailResultSendStatus: failure ? 'falha' : sent ? 'sucesso' : 'pendente',
    email_error: failure
      ? {
          reasonFailure: String((failure.evt_detalhes as { reasonFailure?: string }).reasonFailure ?? 'Falha no envio.'),
          dateSend: new Date(failure.evt_data).toISOString(),
        }
      : null,
    visualizarGeolocalizacao: !!msg.usu_visualizar_geolocalizacao,
    origemMessage: msg.ema_uni_origem,
    customPage: {
      customTitle: msg.ent_nome_fantasia ? `${msg.ent_nome_fantasia} — Notificação digital` : 'Notificação digital registrada',
      customFavicon: null,
    },
    hashConteudo: msg.ema_uni_hash ?? msg.ema_uni_content_sha256,
    statusFull,
    timeline,
    detalhesEnvioEntrega: block(delivered, 'envio'),
    detalhesLeitura: block(read, 'leitura'),
    detalhesAceite: block(accepted, 'leitura'),
    clickTracking: msg.usu_visualizar_geolocalizacao ? human.filter((e) => Object.hasOwn(ACTIONS, e.evt_tipo)).map(presentClick) : [],
    aceito: !!accepted,
  };
}

const ACTIONS = { read: 'leitura', click: 'clique', download: 'download', acknowledged: 'aceite' } as const;

/** A person's read, click, download or acceptance with its place (shown when the sender allows geolocation). */
const presentClick = (e: EventWithStamp): ClickTracking => ({
  date: new Date(e.evt_data).toISOString(),
  ip: e.evt_ip,
  city: e.evt_cidade,
  state: e.evt_estado,
  country: e.evt_pais,
  position: e.evt_lat !== null && e.evt_lng !== null ? { lat: e.evt_lat, lng: e.evt_lng } : null,
  url: (e.evt_detalhes as { url?: string }).url ?? null,
  acao: ACTIONS[e.evt_tipo as keyof typeof ACTIONS],
});

/** One line of a certificate's trail: what happened, and from where. */
function describe(e: EventWithStamp): string {
  const d = e.evt_detalhes as { smtpResponse?: string; url?: string; anexoNome?: string; classificacao?: string };
  const where = [e.evt_ip && `IP ${e.evt_ip}`, [e.evt_cidade, e.evt_estado, e.evt_pais].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(', ');
  const base =
    {
      processed: 'mensagem registrada e colocada na fila de envio',
      send: `entregue ao servidor de e-mail do destinatário${d.smtpResponse ? ` (resposta: ${d.smtpResponse})` : ''}`,
      delivered: 'entrega confirmada pelo servidor do destinatário',
      read: 'mensagem aberta na página de leitura',
      track: 'imagem de confirmação de abertura carregada',
      click: `link acessado: ${d.url ?? ''}`,
      download: `anexo baixado: ${d.anexoNome ?? ''}`,
      acknowledged: 'recebimento confirmado pelo destinatário',
      answered: 'mensagem respondida',
      erro: 'falha no envio ou na entrega',
    }[e.evt_tipo] ?? e.evt_tipo;
  return where ? `${base} — ${where}` : base;
}

/** GET …/track-email/{x}: the read was recorded, with its classification. */
export const presentPageRead = (verdict: ReadVerdict): PageReadResponse => ({ registrado: true, classificacao: verdict.classe });
