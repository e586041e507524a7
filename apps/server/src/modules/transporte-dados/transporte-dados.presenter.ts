import type { Transporte } from '@ar/core';
import type { TransporteRow } from './transporte-dados.queries.ts';

export const presentTransporte = (r: TransporteRow): Transporte => ({
  rem_trans_codigo: r.rem_trans_codigo,
  rem_trans_nome: r.rem_trans_nome,
  rem_trans_campos: {
    remessa: r.rem_trans_campos.remessa,
    remessaOrigin: r.rem_trans_campos.remessaOrigin,
    planilha: r.rem_trans_campos.planilha,
    planilhaOrigin: r.rem_trans_campos.planilhaOrigin,
    campoAgrupamento: r.rem_trans_campos.campoAgrupamento,
    tiposDadosSelected: r.rem_trans_campos.tiposDadosSelected,
    // Transports saved before fixed values existed (issue 43) have none.
    valoresFixos: r.rem_trans_campos.valoresFixos ?? {},
  },
  rem_trans_data_criacao: r.rem_trans_data_criacao.toISOString(),
});
