import { layoutEmail } from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/mail.service.ts';

export function passwordResetEmail(p: { to: string; name: string; url: string; hours: number }): OutgoingMail {
  return layoutEmail({
    to: p.to,
    subject: 'Recuperação de senha - AR Online',
    title: 'Recuperação de senha',
    paragraphs: [
      `Olá${p.name ? `, ${p.name}` : ''}.`,
      'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, use o botão abaixo.',
      `O link vale por ${p.hours} horas e só pode ser usado uma vez. Se você não fez esse pedido, ignore esta mensagem: sua senha continua a mesma.`,
    ],
    action: { label: 'Redefinir senha', url: p.url },
  });
}
