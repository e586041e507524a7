import { layoutEmail } from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/mail.service.ts';

/**
 * The invitation: a manager created the user, or the person signed up on an entity's link.
 * Either way the link leads to /confirm-registration/{token}, where a name and a password are set.
 */
export function invitationEmail(p: {
  to: string;
  name: string;
  entity: string | null;
  url: string;
  days: number;
  signedUp: boolean;
}): OutgoingMail {
  const where = p.entity ? ` de ${p.entity}` : '';
  return layoutEmail({
    to: p.to,
    subject: p.signedUp ? 'Ative o seu acesso - AR Online' : 'Convite para acessar o AR Online',
    title: p.signedUp ? 'Ative o seu acesso' : 'Você recebeu um convite',
    paragraphs: [
      `Olá${p.name ? `, ${p.name}` : ''}.`,
      p.signedUp
        ? `Recebemos o seu cadastro${where} no AR Online, o serviço de mensagens eletrônicas registradas. Para ativar o acesso, confirme o cadastro e escolha a sua senha.`
        : `Você foi convidado a usar o AR Online${where}, o serviço de mensagens eletrônicas registradas. Para aceitar o convite, confirme o cadastro e escolha a sua senha.`,
      `O link vale por ${p.days} dias e só pode ser usado uma vez. Se você não esperava esta mensagem, ignore-a.`,
    ],
    action: { label: 'Confirmar cadastro', url: p.url },
  });
}
