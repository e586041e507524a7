/**
 * What each demo account's history is made of (docs/demo.md): the sends, and
 * what happens to each message after it is sent. seed/history.ts makes them through the product.
 */

/** What happens to a message on its channel after it is sent. */
export type Fate = 'processed' | 'send' | 'delivered' | 'read' | 'acknowledged' | 'answered' | 'erro';

/**
 * The channel a recipient is written to. An e-mail's fate is made by the inbound service and the
 * public page; a phone message's by the embedded simulator, from its number's last four digits
 * (docs/phone-simulator.md: 0000 fails, 1111 answers by itself), and its read by the page
 * opened from the message's link.
 */
export type HistoryChannel = 'email' | 'sms' | 'whatsapp';

/** The fates each channel can reach in a history ('processed' and 'send' only by e-mail). */
export const CHANNEL_FATES: Record<HistoryChannel, readonly Fate[]> = {
  email: ['processed', 'send', 'delivered', 'read', 'acknowledged', 'answered', 'erro'],
  sms: ['delivered', 'read', 'answered', 'erro'],
  whatsapp: ['delivered', 'read', 'acknowledged', 'erro'],
};

export interface Recipient {
  name: string;
  fate: Fate;
  channel: HistoryChannel;
  /** The recipient's answer, for an e-mail that is 'answered'. */
  reply?: string;
}

/** One send: one message per recipient. */
export interface Run {
  subject: string;
  identificacao: string;
  content: string;
  to: Recipient[];
}

export interface AccountHistory {
  login: string;
  /** The recipients' mail domain: their address is their name's, without accents (Patrícia Gomes → patricia.gomes@…). */
  domain: string;
  runs: Run[];
}

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const SIGNATURE = 'Atenciosamente,<br>Demo Empresa Ltda';
const to = (fate: Fate, name: string, channel: HistoryChannel = 'email', reply?: string): Recipient => ({ name, fate, channel, reply });

/** The administrator's: twelve e-mails in seven sends, every status an e-mail can be in, one answered. */
const ADMIN: AccountHistory = {
  login: 'admin@demo.local',
  domain: 'cliente.example',
  runs: [
    {
      subject: 'Notificação de cobrança — fatura 10/2026',
      identificacao: 'Cobrança 10/2026',
      content: p(
        'Prezado(a) cliente,',
        'Consta em aberto a fatura de outubro de 2026, vencida em 10/11/2026, no valor de R$ 1.250,00.',
        'Solicitamos a regularização em até 10 dias a contar desta notificação.',
        SIGNATURE,
      ),
      to: [to('read', 'Mariana Costa'), to('acknowledged', 'Rafael Lima')],
    },
    {
      subject: 'Rescisão do contrato de prestação de serviços',
      identificacao: 'Contrato 2026/014',
      content: p(
        'Prezado(a),',
        'Comunicamos a rescisão do contrato de prestação de serviços nº 2026/014, com efeito em 30 dias a contar desta data.',
        SIGNATURE,
      ),
      to: [
        to('acknowledged', 'Juliana Alves'),
        to(
          'answered',
          'Carlos Pereira',
          'email',
          'Recebi a notificação. Discordo do prazo de 30 dias e peço uma reunião para tratarmos da rescisão.',
        ),
      ],
    },
    {
      subject: 'Convocação para a assembleia geral de dezembro',
      identificacao: 'Assembleia 12/2026',
      content: p(
        'Prezado(a) associado(a),',
        'Convocamos V.Sa. para a assembleia geral ordinária de 15/12/2026, às 19h, na sede da empresa.',
      ),
      to: [to('delivered', 'Fernanda Rocha'), to('delivered', 'Bruno Martins')],
    },
    {
      subject: 'Aviso de reajuste anual do contrato',
      identificacao: 'Reajuste 2027',
      content: p(
        'Prezado(a) cliente,',
        'Informamos que a partir de janeiro de 2027 o contrato será reajustado pelo IPCA acumulado em 12 meses.',
      ),
      to: [to('send', 'Patrícia Gomes'), to('send', 'Lucas Ribeiro')],
    },
    {
      subject: 'Notificação extrajudicial — desocupação do imóvel',
      identificacao: 'Imóvel Rua das Flores, 120',
      content: p('Prezado(a),', 'Fica V.Sa. notificado(a) a desocupar o imóvel da Rua das Flores, 120, no prazo de 30 dias.'),
      to: [to('erro', 'Ricardo Souza'), to('erro', 'Aline Ferreira')],
    },
    {
      subject: 'Lembrete de vencimento do boleto',
      identificacao: 'Boleto 11/2026',
      content: p('Prezado(a) cliente,', 'Lembramos que o boleto de novembro de 2026 vence em 30/11/2026.'),
      to: [to('read', 'Gustavo Nunes')],
    },
    {
      subject: 'Lembrete de vencimento do boleto',
      identificacao: 'Boleto 12/2026',
      content: p('Prezado(a) cliente,', 'Lembramos que o boleto de dezembro de 2026 vence em 30/12/2026.'),
      to: [to('processed', 'Camila Duarte')],
    },
  ],
};

/** The user (level 1): a rental office's notices, by e-mail and by SMS — read, answered, failed. */
const USUARIO: AccountHistory = {
  login: 'usuario@demo.local',
  domain: 'inquilino.example',
  runs: [
    {
      subject: 'Notificação de aluguel em atraso',
      identificacao: 'Aluguel 11/2026',
      content: p('Prezado(a) locatário(a),', 'Consta em aberto o aluguel de novembro de 2026, vencido em 05/11/2026.', SIGNATURE),
      to: [to('read', 'Ana Beatriz Souza'), to('delivered', 'Pedro Henrique Alves'), to('erro', 'Marcos Vinícius Dias')],
    },
    {
      subject: 'Aviso de vistoria do imóvel',
      identificacao: 'Vistoria 12/2026',
      content: p('Prezado(a) locatário(a),', 'A vistoria periódica do imóvel será em 10/12/2026, das 9h às 12h.'),
      to: [to('delivered', 'Luana Martins', 'sms'), to('answered', 'Thiago Moreira', 'sms'), to('erro', 'Sérgio Ramos', 'sms')],
    },
  ],
};

/** The manager (level 2): condominium notices by e-mail, WhatsApp and SMS — confirmed, read, failed. */
const GERENTE: AccountHistory = {
  login: 'gerente@demo.local',
  domain: 'condominio.example',
  runs: [
    {
      subject: 'Convocação para a assembleia extraordinária do condomínio',
      identificacao: 'Assembleia condomínio 12/2026',
      content: p(
        'Prezado(a) condômino(a),',
        'Convocamos V.Sa. para a assembleia extraordinária de 18/12/2026, às 20h, no salão de festas.',
        SIGNATURE,
      ),
      to: [to('acknowledged', 'Helena Carvalho'), to('read', 'Roberto Teixeira')],
    },
    {
      subject: 'Notificação de multa por descumprimento do regimento',
      identificacao: 'Multa regimento 2026/07',
      content: p('Prezado(a) condômino(a),', 'Fica V.Sa. notificado(a) da multa prevista no art. 12 do regimento interno.'),
      to: [
        to('acknowledged', 'Vanessa Lopes', 'whatsapp'),
        to('read', 'Eduardo Pires', 'whatsapp'),
        to('erro', 'Regina Barros', 'whatsapp'),
      ],
    },
    {
      subject: 'Lembrete da assembleia extraordinária',
      identificacao: 'Lembrete assembleia 12/2026',
      content: p('Prezado(a) condômino(a),', 'Lembramos a assembleia extraordinária de 18/12/2026, às 20h.'),
      to: [to('read', 'Joaquim Prado', 'sms')],
    },
  ],
};

/** The postpaid user: a supplier's invoices by e-mail and WhatsApp — delivered, read, answered, failed. */
const POS: AccountHistory = {
  login: 'pos@demo.local',
  domain: 'fornecedor.example',
  runs: [
    {
      subject: 'Fatura de serviços — novembro de 2026',
      identificacao: 'Fatura 11/2026',
      content: p(
        'Prezado(a) cliente,',
        'Segue a fatura dos serviços prestados em novembro de 2026, com vencimento em 20/12/2026.',
        SIGNATURE,
      ),
      to: [
        to('delivered', 'Cláudia Antunes'),
        to('read', 'Fábio Nogueira'),
        to('answered', 'Simone Castro', 'email', 'Recebida. O pagamento será feito por transferência até o vencimento.'),
        to('erro', 'Wagner Freitas'),
      ],
    },
    {
      subject: 'Aviso de fatura disponível',
      identificacao: 'Aviso fatura 11/2026',
      content: p('Prezado(a) cliente,', 'A fatura de novembro de 2026 está disponível para pagamento.'),
      to: [to('read', 'Débora Farias', 'whatsapp')],
    },
  ],
};

/** Every demo account's history; the administrator's last, so its reply is the whole history's last step. */
export const HISTORIES: AccountHistory[] = [USUARIO, GERENTE, POS, ADMIN];
