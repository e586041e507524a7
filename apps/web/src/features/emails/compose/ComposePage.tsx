import { EMAIL_MSG, effectiveAccounts, oficioSchema, renderOficioHtml, SENDER_MSG, type SessionUser, type Template } from '@ar/core';
import { LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, reportClientError } from '../../../api/client.ts';
import { showWarning } from '../../../app/alerts.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useSession } from '../../../session/session.ts';
import { LabelModal } from '../../labels/LabelModal.tsx';
import { EmailsLayout } from '../EmailsLayout.tsx';
import { toOficioInput } from '../oficio/oficio-draft.ts';
import { ComposeFields } from './ComposeFields.tsx';
import { ComposeFooter } from './ComposeFooter.tsx';
import { cascadeDraftFrom } from './cascade-draft.ts';
import * as calls from './compose.api.ts';
import { hasContact, sendState, toPayload } from './compose-form.ts';
import { OficioPreview } from './OficioPreview.tsx';
import { PlaneFlight, SendingOverlay, SentDialog } from './SendingOverlay.tsx';
import { runAddressChecks, saveRecipients } from './send-flow.ts';
import { applyTemplate } from './template-fill.ts';
import { useComposeData } from './useComposeData.ts';
import { type ReplyTo, useComposeDraft } from './useComposeDraft.ts';

export type { ReplyTo } from './useComposeDraft.ts';

/** /emails/novo: compose and send an AR-Email (spec 001 §2.5, §4, §5, §7). */
export default function ComposePage() {
  const session = useSession();
  if (!session) return null;
  return (
    <EmailsLayout
      title="Novo AR"
      help="Envie um AR com validade jurídica por e-mail, SMS, WhatsApp, voz ou carta: escolha os destinatários e os canais, escreva a mensagem e anexe arquivos."
    >
      <ComposeForm user={session.user} />
    </EmailsLayout>
  );
}

/**
 * The compose form. On its own page it keeps a draft in session storage; as the 'Responder'
 * panel of a received message it starts from the reply and, once sent, leads to the sent list.
 * With `oficio` (Novo Ofício, /emails/oficio) the legal-notice form takes the body's place and the
 * notice is previewed, as the server will render it, before it is sent.
 */
export function ComposeForm({ user, reply, oficio = false }: { user: SessionUser; reply?: ReplyTo; oficio?: boolean }) {
  const navigate = useNavigate();
  const data = useComposeData();
  const accounts = useMemo(() => effectiveAccounts(user), [user]);
  const mainAccount = accounts.find((a) => a.main) ?? accounts[0];
  const form = useComposeDraft({ user, reply, oficio, from: mainAccount?.email, credits: data.credits });
  const { draft, patch, touch } = form;
  // A new draft's cascade panel starts from the user's default (docs/cascade.md); a draft that
  // already has one (kept from before, or chosen on the panel) keeps it.
  const cascadeDefault = data.cascadeDefault;
  useEffect(() => {
    if (draft.cascata === undefined && cascadeDefault) patch({ cascata: cascadeDraftFrom(cascadeDefault.cascata) });
  }, [draft.cascata, cascadeDefault, patch]);
  const [sending, setSending] = useState(false);
  const [flying, setFlying] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [newTag, setNewTag] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const state = sendState(draft, user, data.credits, sending);

  const previousTemplate = useRef<string | null>(draft.codModelo);
  async function chooseTemplate(value: string | null) {
    if (!value) {
      previousTemplate.current = null;
      return patch({ codModelo: null });
    }
    // The list leaves the bodies out: the chosen one is read in full.
    let template: Template;
    try {
      template = await calls.getTemplateCall(Number(value));
    } catch {
      showWarning('Houve um erro ao obter o modelo');
      return;
    }
    const reachable = draft.recipients.filter(hasContact);
    const apply = () => {
      previousTemplate.current = value;
      const lead = reachable.length === 1 ? data.leads.find((l) => l.lea_codigo === reachable[0]?.lea_codigo) : undefined;
      const filled = applyTemplate(template, reachable.length === 1 ? reachable[0] : undefined, lead, data.customFields);
      patch({ codModelo: value, subject: filled.subject, content: filled.content });
    };
    // With one recipient the template is filled in with that recipient's data: ask first.
    if (reachable.length === 1) {
      modals.openConfirmModal({
        title: <strong>Aviso</strong>,
        centered: true,
        children: <Text>O conteúdo do e-mail e assunto será alterado. Deseja continuar?</Text>,
        labels: { confirm: 'Sim', cancel: 'Não' },
        onConfirm: apply,
        onCancel: () => patch({ codModelo: previousTemplate.current }),
      });
      patch({ codModelo: value });
    } else apply();
  }

  function clearAll() {
    modals.openConfirmModal({
      title: <strong>Aviso</strong>,
      centered: true,
      children: <Text>Você irá limpar todos os campos. Deseja continuar?</Text>,
      labels: { confirm: 'Sim', cancel: 'Não' },
      onConfirm: resetForm,
    });
  }

  function resetForm() {
    form.reset();
    previousTemplate.current = null;
  }

  /** A notice is shown as it will be sent (the server renders it with the same function) before it goes. */
  function openPreview() {
    touch('*');
    if (!state.enabled || !draft.oficio) return;
    const parsed = oficioSchema.safeParse(toOficioInput(draft.oficio));
    if (parsed.success) setPreview(renderOficioHtml(parsed.data));
  }

  async function send() {
    setPreview(null);
    touch('*');
    if (!state.enabled) return;
    setSending(true);
    try {
      const reachable = draft.recipients.filter(hasContact);
      const found = await runAddressChecks(reachable, data.config?.supportEmail ?? '');
      if (Object.keys(found).length) {
        form.setCheckProblems(found);
        return;
      }
      const saved = await saveRecipients(reachable, data.leads);
      const withLeads = { ...draft, recipients: draft.recipients.map((r) => ({ ...r, lea_codigo: saved[r.key] ?? r.lea_codigo })) };
      form.setDraft(withLeads);
      await saveSenderIfNew(draft.nameFrom);
      const payload = toPayload(withLeads, user);
      const answer = await calls.sendCall(
        reply ? { ...payload, codEmailReply: reply.codEmailReply, codEmailReplyBase: reply.codEmailReplyBase } : payload,
      );
      // Sent: the draft goes at once, so leaving through the dialog never brings it back; the
      // credits (the counter under the form, the menu's) and the pickers are read again now, not
      // only after Ok.
      resetForm();
      data.reloadPickers();
      setFlying(true);
      setSentMessage(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        // The server refused the input: its reason, and nothing was sent or charged.
        showWarning(e.message);
      } else {
        showWarning(
          e instanceof ApiError && e.status === 413
            ? 'Houve um erro ao enviar o e-mail. Verifique o tamanho das imagens que compõem o corpo do e-mail. Limite 12MB'
            : EMAIL_MSG.sendFailed,
        );
        reportClientError(`POST /emails/send → ${e instanceof ApiError ? e.status : 'falha'}`);
        resetForm();
      }
    } finally {
      setSending(false);
    }
  }

  async function saveSenderIfNew(nameFrom: string) {
    const name = nameFrom.trim().replace(/\s+/g, ' ');
    const known = data.senders.some((s) => s.sen_nome.toLowerCase() === name.toLowerCase());
    if (known || name.toLowerCase() === user.usu_nome.trim().toLowerCase()) return;
    try {
      await calls.saveSenderCall(name, user.usu_codigo);
    } catch {
      notifications.show({ color: 'yellow', message: SENDER_MSG.saveError });
    }
  }

  if (data.creditsPending) return <PageLoader />;

  return (
    <>
      <Paper withBorder radius="md" p="md" pos="relative">
        <LoadingOverlay visible={sending} zIndex={300} overlayProps={{ blur: 3 }} loaderProps={{ children: <SendingOverlay /> }} />
        <Stack gap="md">
          <ComposeFields
            user={user}
            form={form}
            data={data}
            accounts={accounts}
            mainAccount={mainAccount}
            oficio={oficio}
            onChooseTemplate={(v) => void chooseTemplate(v)}
            onNewTag={() => setNewTag(true)}
          />
          <ComposeFooter
            state={state}
            credits={data.credits}
            sending={sending}
            oficio={oficio}
            storeUrl={data.config?.storeUrl}
            onClear={clearAll}
            onSend={() => (oficio ? openPreview() : void send())}
            onExplain={() => touch('*')}
          />
        </Stack>
      </Paper>

      <OficioPreview html={preview} onClose={() => setPreview(null)} onSend={() => void send()} />
      {flying && <PlaneFlight onEnd={() => setFlying(false)} />}
      <SentDialog
        message={flying ? null : sentMessage}
        title={oficio ? 'Ofício enviado' : undefined}
        onOk={() => {
          setSentMessage(null);
          // A reply's Ok leads to the sent list, where the answer now is (spec 001 §4).
          if (reply) navigate('/emails/enviados');
        }}
        onGoToSent={() => {
          setSentMessage(null);
          navigate('/emails/enviados');
        }}
      />
      {newTag && (
        <LabelModal
          label={null}
          onClose={() => setNewTag(false)}
          onSaved={(saved) => {
            setNewTag(false);
            // The label made from here is meant for this message: chosen in the form at once.
            patch({ tags: [...draft.tags, String(saved.eti_codigo)] });
            data.reloadTags();
          }}
        />
      )}
    </>
  );
}
