/** A remessa's statuses (spec 002 §4, and 'Concluído com falhas' of ours: docs/remessas.md), as the page shows them. */

export interface RemessaStatusInfo {
  label: string;
  color: string;
  /** A Tabler icon name; the web maps it to the component. */
  icon:
    | 'flask'
    | 'hourglass'
    | 'checklist'
    | 'loader'
    | 'circle-check'
    | 'circle-dashed-check'
    | 'file-alert'
    | 'settings-x'
    | 'alert-triangle'
    | 'server-off';
  description: string;
  /** On the failures tab (ERRO/FALHA). */
  falha: boolean;
}

export const REMESSA_STATUS = {
  HOMOLOGACAO: {
    label: 'Homologação',
    color: 'grape',
    icon: 'flask',
    description: 'Ambiente de testes: a remessa é validada, mas nenhuma mensagem é enviada.',
    falha: false,
  },
  AGUARDANDO_VALIDACAO: {
    label: 'Aguardando Validação',
    color: 'gray',
    icon: 'hourglass',
    description: 'Arquivo recebido, aguardando a validação das linhas.',
    falha: false,
  },
  PROCESSADO: {
    label: 'Processado',
    color: 'cyan',
    icon: 'checklist',
    description: 'Arquivo validado, pronto para o processamento.',
    falha: false,
  },
  EM_PROCESSAMENTO: {
    label: 'Em Processamento',
    color: 'blue',
    icon: 'loader',
    description: 'As linhas estão virando mensagens e entrando nas filas de envio.',
    falha: false,
  },
  PROCESSADO_COM_SUCESSO: {
    label: 'Concluído',
    color: 'green',
    icon: 'circle-check',
    description: 'Todas as linhas válidas viraram mensagens AR; acompanhe cada uma na prévia do retorno.',
    falha: false,
  },
  PROCESSADO_COM_FALHAS: {
    label: 'Concluído com falhas',
    color: 'orange',
    icon: 'circle-dashed-check',
    description:
      'As linhas válidas viraram mensagens AR; as recusadas estão em Linhas recusadas e na prévia do retorno: corrija-as e envie só elas em um novo arquivo.',
    falha: false,
  },
  FALHA_NA_VALIDACAO: {
    label: 'Falha na Validação',
    color: 'orange',
    icon: 'file-alert',
    description: 'Nenhuma linha do arquivo passou na validação: corrija o arquivo e envie novamente.',
    falha: true,
  },
  ERRO_CONFIGURACAO: {
    label: 'Erro de Configuração',
    color: 'pink',
    icon: 'settings-x',
    description: 'A configuração da conta não permite enviar a remessa (por exemplo, exige anexo em todo envio).',
    falha: true,
  },
  ERRO_PROCESSAMENTO: {
    label: 'Erro de Processamento',
    color: 'red',
    icon: 'alert-triangle',
    description: 'A remessa não pôde ser processada (por exemplo, créditos insuficientes).',
    falha: true,
  },
  ERRO_SISTEMA: {
    label: 'Erro de Sistema',
    color: 'dark',
    icon: 'server-off',
    description: 'Falha interna ao processar a remessa; envie o arquivo novamente ou fale com o suporte.',
    falha: true,
  },
} as const satisfies Record<string, RemessaStatusInfo>;
export type RemessaStatus = keyof typeof REMESSA_STATUS;
export const REMESSA_STATUSES = Object.keys(REMESSA_STATUS) as RemessaStatus[];
export const REMESSA_FAILURE_STATUSES = REMESSA_STATUSES.filter((s) => REMESSA_STATUS[s].falha);
export const REMESSA_UNKNOWN_STATUS: Omit<RemessaStatusInfo, 'falha'> = {
  label: 'Desconhecido',
  color: 'gray',
  icon: 'hourglass',
  description: 'Status não reconhecido.',
};

/** A status code's label, colour, icon and description ('Desconhecido' for anything else). */
export function remessaStatusInfo(code: string): Omit<RemessaStatusInfo, 'falha'> {
  return (REMESSA_STATUS as Record<string, RemessaStatusInfo>)[code] ?? REMESSA_UNKNOWN_STATUS;
}
