import {
  CREDIT_MSG,
  canAddRecipient,
  EMAIL_MSG,
  effectiveAccounts,
  type Lead,
  MAX_RECIPIENTS,
  oficioSchema,
  PLAN_MSG,
  RECIPIENT_NAME_MAX,
  recipientUnits,
  renderOficioHtml,
  SENDER_MSG,
  type SessionUser,
  type Template,
} from '@ar/core';
import {
  Anchor,
  Autocomplete,
  Button,
  Group,
  LoadingOverlay,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEraser, IconExternalLink, IconEye, IconPlus, IconSend, IconTag, IconTemplate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, reportClientError } from '../../../api/client.ts';
import { showWarning } from '../../../app/alerts.ts';
import { formatCredits } from '../../../app/format.ts';
import { usePublicConfig } from '../../../app/public-config.ts';
import { ExplainDisabled } from '../../../components/ExplainDisabled.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useSession } from '../../../session/session.ts';
import { LabelModal } from '../../labels/LabelModal.tsx';
import { getCustomFieldsCall } from '../../leads/leads.api.ts';
import { PLAN_KEYS, useCredits } from '../../plans/plans.api.ts';
import { RichTextBody } from '../../templates/RichTextBody.tsx';
import { EmailsLayout } from '../EmailsLayout.tsx';
import { tagOptionsCall } from '../emails.api.ts';
import { OficioFields } from '../oficio/OficioFields.tsx';
import { emptyOficio, type OficioDraft, oficioDraftProblems, toOficioInput } from '../oficio/oficio-draft.ts';
import { AttachmentsField } from './AttachmentsField.tsx';
import * as calls from './compose.api.ts';
import {
  type ComposeDraft,
  clearDraft,
  type DraftKind,
  emptyDraft,
  emptyRecipient,
  hasContact,
  loadDraft,
  messageProblems,
  type RecipientDraft,
  recipientProblem,
  saveDraft,
  sendState,
  toPayload,
} from './compose-form.ts';
import { InstitutionsPanel } from './InstitutionsPanel.tsx';
import { RecipientRow } from './RecipientRow.tsx';
import { PlaneFlight, SendingOverlay, SentDialog } from './SendingOverlay.tsx';
import { runAddressChecks, saveRecipients } from './send-flow.ts';
import { applyTemplate } from './template-fill.ts';

/** /emails/novo: compose and send an AR-Email (spec 001 §2.5, §4, §5, §7). */
export default function ComposePage() {
  const session = useSession();
  if (!session) return null;
  return (
    <EmailsLayout
      title="Novo AR"
      help="Envie um AR-Email com validade jurídica: escolha os destinatários, escreva a mensagem e anexe arquivos."
    >
      <ComposeForm user={session.user} />
    </EmailsLayout>
  );
}

/** A reply: the received message it answers, the AR-Email that one answered, and the prefilled fields. */
export interface ReplyTo {
  codEmailReply: number;
  codEmailReplyBase: number;
  to: string;
  nameTo: string;
  subject: string;
  content: string;
}

/**
 * The compose form. On its own page it keeps a draft in session storage; as the 'Responder'
 * panel of a received message it starts from the reply and, once sent, leads to the sent list.
 * With `oficio` (Novo Ofício, /emails/oficio) the legal-notice form takes the body's place and the
 * notice is previewed, as the server will render it, before it is sent.
 */
export function ComposeForm({ user, reply, oficio = false }: { user: SessionUser; reply?: ReplyTo; oficio?: boolean }) {
  const kind: DraftKind = oficio ? 'oficio' : 'email';
  const navigate = useNavigate();
  const client = useQueryClient();
  const config = usePublicConfig();
  const credits = useCredits();
  const accounts = useMemo(() => effectiveAccounts(user), [user]);
  const mainAccount = accounts.find((a) => a.main) ?? accounts[0];
  const fresh = (): ComposeDraft => {
    const base: ComposeDraft = { ...emptyDraft(user, mainAccount?.email), oficio: oficio ? emptyOficio() : null };
    if (!reply) return base;
    const nameTo = reply.nameTo.slice(0, RECIPIENT_NAME_MAX) || reply.to.split('@')[0]?.slice(0, RECIPIENT_NAME_MAX) || '';
    return { ...base, recipients: [{ ...emptyRecipient(), nameTo, to: reply.to }], subject: reply.subject, content: reply.content };
  };
  const [draft, setDraft] = useState<ComposeDraft>(() => (reply ? fresh() : (loadDraft(kind) ?? fresh())));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [checkProblems, setCheckProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [flying, setFlying] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [newTag, setNewTag] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  const senders = useQuery({ queryKey: ['compose-senders'], queryFn: calls.sendersCall });
  const templates = useQuery({ queryKey: ['compose-templates'], queryFn: calls.enabledTemplatesCall });
  const leads = useQuery({ queryKey: ['compose-leads'], queryFn: calls.leadsPickerCall });
  const institutions = useQuery({ queryKey: ['compose-institutions'], queryFn: calls.institutionsCall });
  const tags = useQuery({ queryKey: ['etiquetas-filtro'], queryFn: tagOptionsCall });
  const customFields = useQuery({ queryKey: ['lead-custom-fields'], queryFn: getCustomFieldsCall });
  useLoadWarning(senders.isError, SENDER_MSG.listError);
  useLoadWarning(institutions.isError, SENDER_MSG.institutionsError);
  useLoadWarning(templates.isError, 'Houve um erro ao obter os modelos');
  useLoadWarning(leads.isError, 'Houve um erro ao obter os destinatários');
  useLoadWarning(tags.isError, 'Houve um erro ao obter as etiquetas');

  // The draft survives a reload or a visit elsewhere in the tab (spec 001 §4).
  // Saved a moment after typing stops, and at once when the page goes away.
  const persist = useDebouncedCallback((d: ComposeDraft) => !reply && saveDraft(d, kind), { delay: 300, flushOnUnmount: true });
  useEffect(() => persist(draft), [draft, persist]);
  useEffect(() => {
    const flush = () => persist.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [persist]);

  const leadList = leads.data?.leads ?? [];
  const state = sendState(draft, user, credits.data, sending);
  const problems = messageProblems(draft, user);
  // A rule about what the form already holds (the prefilled sender, a restored draft, the
  // account's required attachment) shows at once; an empty field's once touched or once the
  // disabled 'Enviar' is clicked (touch('*')). See docs/emails.md, "Why Enviar is disabled".
  const showProblem = (field: string) => touched.has(field) || touched.has('*') || hasValue(draft, field);
  const rowProblem = (r: RecipientDraft) =>
    touched.has(r.key) || touched.has('*') || rowHasValue(r) ? recipientProblem(r, user, draft.recipients) : null;
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  const patch = (p: Partial<ComposeDraft>) => setDraft((d) => ({ ...d, ...p }));
  const patchRow = (key: string, p: Partial<RecipientDraft>) => {
    setDraft((d) => ({ ...d, recipients: d.recipients.map((r) => (r.key === key ? { ...r, ...p } : r)) }));
    if ('to' in p) setCheckProblems(({ [key]: _, ...rest }) => rest);
  };

  /** A new row, within the limit of 10 and of the credits; a second row costs one more AR. */
  function addRecipient(initial: Partial<RecipientDraft> = {}): boolean {
    if (draft.recipients.length >= MAX_RECIPIENTS) {
      showWarning(EMAIL_MSG.maxRecipients);
      return false;
    }
    const c = credits.data;
    if (c && !canAddRecipient(c.tipoPlano, c.total, state.units, recipientUnits({ email: true }))) {
      showWarning(CREDIT_MSG.noCreditsForRecipient);
      return false;
    }
    if (draft.recipients.length === 1) notifications.show({ color: 'yellow', message: CREDIT_MSG.extraRecipient, autoClose: 4000 });
    setDraft((d) => ({ ...d, recipients: [...d.recipients, { ...emptyRecipient(), ...initial }] }));
    return true;
  }

  function addInstitution(name: string, email: string) {
    if (draft.recipients.some((r) => r.to.toLowerCase() === email.toLowerCase())) return showWarning(EMAIL_MSG.duplicateRecipient);
    const empty = draft.recipients.find((r) => !r.to && !r.nameTo);
    const initial = { nameTo: name.slice(0, RECIPIENT_NAME_MAX), to: email };
    if (empty) patchRow(empty.key, initial);
    else if (!addRecipient(initial)) return;
    notifications.show({ message: `O e-mail ${email} foi adicionado aos destinatários`, autoClose: 2000 });
  }

  function pickLead(key: string, lead: Lead | null) {
    if (!lead) return patchRow(key, { lea_codigo: null });
    if (draft.recipients.some((r) => r.key !== key && r.to.toLowerCase() === lead.lea_email.toLowerCase()))
      return showWarning(EMAIL_MSG.duplicateRecipient);
    patchRow(key, { lea_codigo: lead.lea_codigo, nameTo: lead.lea_nome.slice(0, RECIPIENT_NAME_MAX), to: lead.lea_email });
    touch(key);
  }

  function removeRecipient(key: string) {
    setDraft((d) => ({ ...d, recipients: d.recipients.filter((r) => r.key !== key) }));
    setCheckProblems(({ [key]: _, ...rest }) => rest);
  }

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
      const lead = reachable.length === 1 ? leadList.find((l) => l.lea_codigo === reachable[0]?.lea_codigo) : undefined;
      const filled = applyTemplate(template, reachable.length === 1 ? reachable[0] : undefined, lead, customFields.data?.customField.data);
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
    persist.cancel();
    if (!reply) clearDraft(kind);
    setDraft(fresh());
    setTouched(new Set());
    setCheckProblems({});
    previousTemplate.current = null;
  }

  function reloadPickers() {
    for (const key of ['compose-templates', 'etiquetas-filtro', 'compose-senders', 'compose-leads', PLAN_KEYS.credits])
      void client.invalidateQueries({ queryKey: [key] });
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
      const found = await runAddressChecks(reachable, config.data?.supportEmail ?? '');
      if (Object.keys(found).length) {
        setCheckProblems(found);
        return;
      }
      const saved = await saveRecipients(reachable, leadList);
      const withLeads = { ...draft, recipients: draft.recipients.map((r) => ({ ...r, lea_codigo: saved[r.key] ?? r.lea_codigo })) };
      setDraft(withLeads);
      await saveSenderIfNew(draft.nameFrom);
      const payload = toPayload(withLeads, user);
      const answer = await calls.sendCall(
        reply ? { ...payload, codEmailReply: reply.codEmailReply, codEmailReplyBase: reply.codEmailReplyBase } : payload,
      );
      // Sent: the draft goes at once, so leaving through the dialog never brings it back.
      resetForm();
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
    const known = (senders.data?.senders ?? []).some((s) => s.sen_nome.toLowerCase() === name.toLowerCase());
    if (known || name.toLowerCase() === user.usu_nome.trim().toLowerCase()) return;
    try {
      await calls.saveSenderCall(name, user.usu_codigo);
    } catch {
      notifications.show({ color: 'yellow', message: SENDER_MSG.saveError });
    }
  }

  if (credits.isPending) return <PageLoader />;
  const c = credits.data;
  const prepaid = c?.tipoPlano === '1';

  return (
    <>
      <Paper withBorder radius="md" p="md" pos="relative">
        <LoadingOverlay visible={sending} zIndex={300} overlayProps={{ blur: 3 }} loaderProps={{ children: <SendingOverlay /> }} />
        <Stack gap="md">
          <Group align="flex-start" grow>
            <Autocomplete
              label="Remetente"
              withAsterisk
              placeholder="Nome que o destinatário verá"
              data={[...new Set([user.usu_nome, ...(senders.data?.senders ?? []).map((s) => s.sen_nome)])]}
              value={draft.nameFrom}
              onChange={(v) => patch({ nameFrom: v.slice(0, 100) })}
              onBlur={() => touch('nameFrom')}
              error={showProblem('nameFrom') && problems.nameFrom}
              maxLength={100}
            />
            {accounts.length > 1 && (
              <Select
                label="Conta de envio"
                data={accounts.map((a) => ({ value: a.email, label: a.name ? `${a.name} <${a.email}>` : a.email }))}
                value={draft.from || mainAccount?.email || null}
                onChange={(v) => patch({ from: v ?? '' })}
                allowDeselect={false}
              />
            )}
          </Group>

          <InstitutionsPanel contacts={institutions.data ?? []} onAdd={addInstitution} />

          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} data-testid="recipients-count">
                {draft.recipients.length} de {MAX_RECIPIENTS} destinatario(s)
              </Text>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => addRecipient()}>
                Adicionar destinatário
              </Button>
            </Group>
            {draft.recipients.map((r, i) => (
              <RecipientRow
                key={r.key}
                index={i}
                row={r}
                leads={leadList}
                problem={rowProblem(r)}
                checkProblem={checkProblems[r.key] ?? null}
                whatsappAllowed={!!user.usu_aceita_ar_whatsapp}
                questionAllowed={!!user.usu_validacao_notificacao}
                channels={config.data?.channels ?? { sms: false, whatsapp: false }}
                canRemove={draft.recipients.length > 1}
                onChange={(p) => patchRow(r.key, p)}
                onPickLead={(lead) => pickLead(r.key, lead)}
                onRemove={() => removeRecipient(r.key)}
                onTouch={() => touch(r.key)}
              />
            ))}
          </Stack>

          {!oficio && (
            <Group align="flex-end">
              <Select
                label="Modelo"
                placeholder="Escolha um modelo"
                data={(templates.data?.modelos ?? []).map((m) => ({ value: String(m.mod_codigo), label: m.mod_name }))}
                value={draft.codModelo}
                onChange={(v) => void chooseTemplate(v)}
                searchable
                clearable
                nothingFoundMessage="Nenhum modelo ativo"
                style={{ flex: 1 }}
              />
              <Button
                component="a"
                href="/cadastros/modelos/add"
                target="_blank"
                variant="default"
                leftSection={<IconTemplate size={16} />}
              >
                Novo modelo
              </Button>
            </Group>
          )}

          <Group grow align="flex-start">
            <TextInput
              label="Identificação"
              placeholder="Ex.: número do processo ou do contrato"
              maxLength={120}
              value={draft.identificacao}
              onChange={(e) => patch({ identificacao: e.currentTarget.value })}
              error={problems.identificacao}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <MultiSelect
                label="Etiquetas"
                placeholder={draft.tags.length ? undefined : 'Escolha as etiquetas'}
                data={(tags.data?.etiquetas ?? []).map((t) => ({ value: String(t.eti_codigo), label: t.eti_nome }))}
                value={draft.tags}
                onChange={(v) => patch({ tags: v })}
                searchable
                clearable
                style={{ flex: 1 }}
              />
              <Tooltip label="Nova etiqueta">
                <Button variant="default" onClick={() => setNewTag(true)} aria-label="Nova etiqueta" px="xs">
                  <IconTag size={16} />
                  <IconPlus size={12} />
                </Button>
              </Tooltip>
            </Group>
          </Group>

          <TextInput
            label="Assunto"
            withAsterisk
            maxLength={180}
            value={draft.subject}
            onChange={(e) => patch({ subject: e.currentTarget.value })}
            onBlur={() => touch('subject')}
            error={showProblem('subject') && problems.subject}
          />

          {draft.oficio ? (
            <OficioFields
              value={draft.oficio}
              onChange={(o: OficioDraft) => patch({ oficio: o })}
              problems={oficioDraftProblems(draft.oficio)}
              shown={(path) => touched.has(`oficio.${path}`) || touched.has('*')}
              onTouch={(path) => touch(`oficio.${path}`)}
            />
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Mensagem{' '}
                <Text span c="red">
                  *
                </Text>
              </Text>
              <RichTextBody
                value={draft.content}
                onChange={(html) => {
                  patch({ content: html });
                  touch('content');
                }}
                variables={(customFields.data?.customField.data ?? []).map((f) => f.value)}
                testId="compose-body"
              />
              {showProblem('content') && problems.content && (
                <Text size="sm" c="red">
                  {problems.content}
                </Text>
              )}
            </Stack>
          )}

          <AttachmentsField
            value={draft.attachments}
            onChange={(attachments) => patch({ attachments })}
            user={user}
            error={problems.attachments}
          />

          <Group justify="space-between" align="center" mt="sm">
            <Text size="sm" data-testid="credit-counter">
              {prepaid ? `AR utilizados: ${state.units} de ${formatCredits(c?.total ?? 0)} créditos` : `AR utilizados: ${state.units}`}
            </Text>
            <Group>
              <Button variant="default" leftSection={<IconEraser size={16} />} onClick={clearAll} disabled={sending}>
                Limpar
              </Button>
              {state.visible ? (
                <Group gap="xs">
                  {c && !c.ativo && (
                    <Text size="sm" c="red" data-testid="send-blocked">
                      {PLAN_MSG.inactive}
                    </Text>
                  )}
                  <ExplainDisabled disabled={!state.enabled && !sending} onExplain={() => touch('*')} testId="send-button-box">
                    <Button
                      leftSection={oficio ? <IconEye size={16} /> : <IconSend size={16} />}
                      onClick={() => (oficio ? openPreview() : void send())}
                      disabled={!state.enabled}
                      loading={sending}
                    >
                      {oficio ? 'Pré-visualizar e enviar' : 'Enviar'}
                    </Button>
                  </ExplainDisabled>
                </Group>
              ) : (
                <Group gap="xs">
                  <Text size="sm" c="red">
                    {state.creditMessage}
                  </Text>
                  <Anchor href={config.data?.storeUrl ?? '#'} target="_blank" rel="noopener" fw={600}>
                    Comprar Créditos <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
                  </Anchor>
                </Group>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>

      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={<strong>Pré-visualização do ofício</strong>} size="xl">
        <Stack>
          <Text size="sm" c="dimmed">
            É assim que o destinatário receberá o ofício. Confira os dados antes de enviar.
          </Text>
          <iframe
            title="Pré-visualização do ofício"
            sandbox=""
            srcDoc={preview ?? ''}
            data-testid="oficio-preview"
            style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: '#fff' }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPreview(null)}>
              Voltar e editar
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={() => void send()}>
              Enviar ofício
            </Button>
          </Group>
        </Stack>
      </Modal>
      {flying && <PlaneFlight onEnd={() => setFlying(false)} />}
      <SentDialog
        message={flying ? null : sentMessage}
        onOk={() => {
          setSentMessage(null);
          // A reply's Ok leads to the sent list, where the answer now is (spec 001 §4).
          if (reply) navigate('/emails/enviados');
          else reloadPickers();
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
          onSaved={() => {
            setNewTag(false);
            void client.invalidateQueries({ queryKey: ['etiquetas-filtro'] });
          }}
        />
      )}
    </>
  );
}

/** Whether a message field holds something of the user's (then its rule shows at once). */
function hasValue(d: ComposeDraft, field: string): boolean {
  if (field === 'nameFrom') return d.nameFrom.length > 0;
  if (field === 'subject') return d.subject.length > 0;
  return false;
}

const rowHasValue = (r: RecipientDraft) => !!(r.nameTo || r.to || (r.smsOn && r.sms) || (r.whatsOn && r.whatsapp));

function useLoadWarning(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) showWarning(message);
  }, [failed, message]);
}
