import {
  type AremailAccount,
  EMAIL_IDENTIFICATION_MAX,
  EMAIL_SUBJECT_MAX,
  MAX_RECIPIENTS,
  SENDER_NAME_MAX,
  type SessionUser,
} from '@ar/core';
import { Anchor, Autocomplete, Button, Group, MultiSelect, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTag, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RichTextBody } from '../../templates/RichTextBody.tsx';
import { OficioFields } from '../oficio/OficioFields.tsx';
import { type OficioDraft, oficioDraftProblems } from '../oficio/oficio-draft.ts';
import { AttachmentsField } from './AttachmentsField.tsx';
import { CascadePanel } from './CascadePanel.tsx';
import { InstitutionsPanel } from './InstitutionsPanel.tsx';
import { RecipientRow } from './RecipientRow.tsx';
import type { ComposeData } from './useComposeData.ts';
import type { ComposeDraftState } from './useComposeDraft.ts';

interface Props {
  user: SessionUser;
  form: ComposeDraftState;
  data: Pick<ComposeData, 'config' | 'senders' | 'templates' | 'leads' | 'institutions' | 'tags' | 'customFields'>;
  accounts: AremailAccount[];
  mainAccount: AremailAccount | undefined;
  /** Novo Ofício: no template picker, and the notice's form in the body's place. */
  oficio: boolean;
  onChooseTemplate: (value: string | null) => void;
  onNewTag: () => void;
}

/** The fields of the compose form (spec 001 §5): sender, recipients, template, identification, labels, subject, body, attachments. */
export function ComposeFields({ user, form, data, accounts, mainAccount, oficio, onChooseTemplate, onNewTag }: Props) {
  const { draft, patch, problems, showProblem, touch } = form;
  return (
    <>
      <Group align="flex-start" grow>
        <Autocomplete
          label="Remetente"
          withAsterisk
          placeholder="Nome que o destinatário verá"
          data={[...new Set([user.usu_nome, ...data.senders.map((s) => s.sen_nome)])]}
          value={draft.nameFrom}
          onChange={(v) => patch({ nameFrom: v.slice(0, SENDER_NAME_MAX) })}
          onBlur={() => touch('nameFrom')}
          error={showProblem('nameFrom') && problems.nameFrom}
          maxLength={SENDER_NAME_MAX}
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

      <InstitutionsPanel contacts={data.institutions} onAdd={form.addInstitution} />

      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} data-testid="recipients-count">
            {draft.recipients.length} de {MAX_RECIPIENTS} destinatário(s)
          </Text>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.addRecipient()}>
            Adicionar destinatário
          </Button>
        </Group>
        {draft.recipients.map((r, i) => (
          <RecipientRow
            key={r.key}
            index={i}
            row={r}
            leads={data.leads}
            problem={form.rowProblem(r)}
            checkProblem={form.checkProblems[r.key] ?? null}
            whatsappAllowed={!!user.usu_aceita_ar_whatsapp}
            vozAllowed={!!user.usu_aceita_ar_voz}
            questionAllowed={!!user.usu_validacao_notificacao}
            emailRequired={!!user.set_envia_email_obrigatorio}
            canRemove={draft.recipients.length > 1}
            onChange={(p) => form.patchRow(r.key, p)}
            onPickLead={(lead) => form.pickLead(r.key, lead)}
            onRemove={() => form.removeRecipient(r.key)}
            onTouch={() => touch(r.key)}
          />
        ))}
      </Stack>

      <CascadePanel
        value={draft.cascata}
        onChange={(cascata) => patch({ cascata })}
        allowed={{ email: true, sms: true, whatsapp: !!user.usu_aceita_ar_whatsapp, voz: !!user.usu_aceita_ar_voz, carta: true }}
        error={problems.cascata}
        hint={
          <Text size="xs" c="dimmed">
            Cada novo envio começa com a régua padrão, definida em{' '}
            <Anchor component={Link} to="/configuracao/conta" size="xs" underline="always">
              Minha Conta
            </Anchor>
            .
          </Text>
        }
      />

      {!oficio && (
        <Group align="flex-end">
          <Select
            label="Modelo"
            placeholder="Escolha um modelo"
            data={data.templates.map((m) => ({ value: String(m.mod_codigo), label: m.mod_name }))}
            value={draft.codModelo}
            onChange={onChooseTemplate}
            searchable
            clearable
            nothingFoundMessage="Nenhum modelo ativo"
            style={{ flex: 1 }}
          />
          <Button component="a" href="/cadastros/modelos/add" target="_blank" variant="default" leftSection={<IconTemplate size={16} />}>
            Novo modelo
          </Button>
        </Group>
      )}

      <Group grow align="flex-start">
        <TextInput
          label="Identificação"
          placeholder="Ex.: número do processo ou do contrato"
          maxLength={EMAIL_IDENTIFICATION_MAX}
          value={draft.identificacao}
          onChange={(e) => patch({ identificacao: e.currentTarget.value })}
          error={problems.identificacao}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <MultiSelect
            label="Etiquetas"
            placeholder={draft.tags.length ? undefined : 'Escolha as etiquetas'}
            data={data.tags.map((t) => ({ value: String(t.eti_codigo), label: t.eti_nome }))}
            value={draft.tags}
            onChange={(v) => patch({ tags: v })}
            searchable
            clearable
            style={{ flex: 1 }}
          />
          <Tooltip label="Nova etiqueta">
            <Button variant="default" onClick={onNewTag} aria-label="Nova etiqueta" px="xs">
              <IconTag size={16} />
              <IconPlus size={12} />
            </Button>
          </Tooltip>
        </Group>
      </Group>

      <TextInput
        label="Assunto"
        withAsterisk
        maxLength={EMAIL_SUBJECT_MAX}
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
          shown={form.touchedOficio}
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
            variables={data.customFields.map((f) => f.value)}
            testId="compose-body"
            label="Mensagem"
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
    </>
  );
}
