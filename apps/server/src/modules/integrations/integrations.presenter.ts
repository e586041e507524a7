import type { ApiKey, Webhook, WebhookDelivery } from '@ar/core';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export function presentApiKey(r: {
  chv_codigo: number;
  chv_nome: string;
  chv_prefixo: string;
  chv_criada: Date;
  chv_expira: Date | null;
  chv_ultimo_uso: Date | null;
}): ApiKey {
  return {
    id: r.chv_codigo,
    nome: r.chv_nome,
    prefixo: r.chv_prefixo,
    criadaEm: iso(r.chv_criada),
    expiraEm: isoOrNull(r.chv_expira),
    ultimoUsoEm: isoOrNull(r.chv_ultimo_uso),
  };
}

export function presentWebhook(r: {
  whk_codigo: number;
  whk_url: string;
  whk_eventos: string[];
  whk_ativo: boolean;
  whk_criado: Date;
  whk_falhando_desde: Date | null;
  whk_desativado: Date | null;
}): Webhook {
  return {
    id: r.whk_codigo,
    url: r.whk_url,
    eventos: r.whk_eventos,
    ativo: r.whk_ativo,
    criadoEm: iso(r.whk_criado),
    falhandoDesde: isoOrNull(r.whk_falhando_desde),
    desativadoEm: isoOrNull(r.whk_desativado),
  };
}

type DeliveryRow = {
  ent_codigo: string;
  ent_msg_id: string;
  ent_tipo: string;
  ent_situacao: 'pendente' | 'entregue' | 'falhou';
  ent_criada: Date;
  ent_proxima: Date | null;
  ent_corpo: string;
};
type AttemptRow = {
  cod_entrega: number;
  ten_data: Date;
  ten_status: number | null;
  ten_erro: string | null;
  ten_duracao_ms: number;
  ten_proxima: Date | null;
};

export function presentDeliveries(rows: DeliveryRow[], attempts: AttemptRow[]): WebhookDelivery[] {
  const byDelivery = new Map<number, AttemptRow[]>();
  for (const a of attempts) byDelivery.set(Number(a.cod_entrega), [...(byDelivery.get(Number(a.cod_entrega)) ?? []), a]);
  return rows.map((r) => ({
    id: Number(r.ent_codigo),
    webhookId: r.ent_msg_id,
    tipo: r.ent_tipo,
    situacao: r.ent_situacao,
    criadaEm: iso(r.ent_criada),
    proximaTentativa: r.ent_situacao === 'pendente' ? isoOrNull(r.ent_proxima) : null,
    corpo: r.ent_corpo,
    tentativas: (byDelivery.get(Number(r.ent_codigo)) ?? []).map((a) => ({
      em: iso(a.ten_data),
      status: a.ten_status,
      duracaoMs: a.ten_duracao_ms,
      erro: a.ten_erro,
      proximaTentativa: isoOrNull(a.ten_proxima),
    })),
  }));
}
