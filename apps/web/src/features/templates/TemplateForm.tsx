import {
  TEMPLATE_BODY_LIMIT,
  TEMPLATE_MSG,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type Template,
  type TemplateBody,
  templateBody,
  templateModalBody,
} from '@ar/core';
import { Checkbox, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { FormActions, formSubmitState, PlainForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifySuccess, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { getCustomFieldsCall } from '../leads/leads.api.ts';
import { RichTextBody } from './RichTextBody.tsx';
import { saveTemplateCall } from './templates.api.ts';

interface Props {
  template: Template | null;
  /** The modal limits the subject to 80, the full page to 180 (spec 001 §5). */
  variant: 'modal' | 'page';
  onSaved: () => void;
  onCancel: () => void;
}

const tooLarge = (body: TemplateBody) => new Blob([JSON.stringify(body)]).size > TEMPLATE_BODY_LIMIT;

/** Name, subject, rich-text body; the enable checkbox only when editing. */
export function TemplateForm({ template, variant, onSaved, onCancel }: Props) {
  const schema = variant === 'modal' ? templateModalBody : templateBody;
  const custom = useQuery({ queryKey: ['lead-custom-fields'], queryFn: getCustomFieldsCall });
  const form = useForm<TemplateBody>({
    mode: 'controlled',
    initialValues: {
      mod_name: template?.mod_name ?? '',
      mod_subject: template?.mod_subject ?? '',
      mod_content: template?.mod_content ?? '',
      ...(template ? { mod_enable: template.mod_enable } : {}),
    },
    validate: zodValidate(schema),
    validateInputOnChange: true,
  });
  const failText = template ? TEMPLATE_MSG.updateError : TEMPLATE_MSG.saveError;
  const mutation = useMutation({
    mutationFn: (body: TemplateBody) => saveTemplateCall(template?.mod_codigo ?? null, body),
    onSuccess: () => {
      notifySuccess(template ? TEMPLATE_MSG.updated : TEMPLATE_MSG.created);
      onSaved();
    },
    onError: (e) => (e instanceof ApiError && e.status === 413 ? showFailure(TEMPLATE_MSG.tooLarge, null) : showFailure(failText, e)),
  });
  const save = useValidatedSave(form, (body) => {
    // Over the server's limit the upload would only be refused: say so straight away.
    if (tooLarge(body)) showFailure(TEMPLATE_MSG.tooLarge, null);
    else mutation.mutate(body);
  });
  const subjectMax = TEMPLATE_SUBJECT_MAX[variant];

  return (
    <PlainForm onSubmit={save}>
      <TextInput label="Nome" required maxLength={TEMPLATE_NAME_MAX} {...form.getInputProps('mod_name')} />
      <TextInput label="Assunto" required maxLength={subjectMax} {...form.getInputProps('mod_subject')} />
      <RichTextBody
        value={form.values.mod_content ?? ''}
        onChange={(html) => form.setFieldValue('mod_content', html)}
        variables={(custom.data?.customField.data ?? []).map((f) => f.value)}
      />
      {template && <Checkbox label="Modelo ativado" {...form.getInputProps('mod_enable', { type: 'checkbox' })} />}
      <FormActions onCancel={onCancel} loading={mutation.isPending} {...formSubmitState(form)} />
    </PlainForm>
  );
}
