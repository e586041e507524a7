import { useSession } from '../../../session/session.ts';
import { ComposeForm } from '../compose/ComposePage.tsx';
import { EmailsLayout } from '../EmailsLayout.tsx';

/** /emails/oficio: compose a legal notice (ofício) as a registered message (spec 001 §2.12, docs/oficios.md). */
export default function OficioPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <EmailsLayout
      title="Novo Ofício"
      help="Envie um ofício ou intimação como mensagem registrada: preencha os dados do processo e das partes, confira a pré-visualização e envie."
    >
      <ComposeForm user={session.user} oficio />
    </EmailsLayout>
  );
}
