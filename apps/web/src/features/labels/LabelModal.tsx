import { DEFAULT_LABEL_COLOR, LABEL_MSG, type Label, type LabelBody, labelBody, normalizeHexColor } from '@ar/core';
import { ColorInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { formSubmitState, ModalForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifySuccess, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { saveLabelCall } from './labels.api.ts';

const SWATCHES = ['#194d33', '#2e7d32', '#1565c0', '#6a1b9a', '#c62828', '#ef6c00', '#f9a825', '#455a64'];

/** New or edit label: name (60) and colour; a pasted colour that is not #rrggbb falls back to the default. */
export function LabelModal({ label, onClose, onSaved }: { label: Label | null; onClose: () => void; onSaved: (saved: Label) => void }) {
  const form = useForm<LabelBody>({
    mode: 'controlled',
    initialValues: { eti_nome: label?.eti_nome ?? '', eti_cor: label?.eti_cor ?? DEFAULT_LABEL_COLOR },
    validate: zodValidate(labelBody),
    validateInputOnChange: true,
  });
  const mutation = useMutation({
    mutationFn: (values: LabelBody) => saveLabelCall(label?.eti_codigo ?? null, values),
    onSuccess: (res) => {
      notifySuccess(label ? LABEL_MSG.updated : LABEL_MSG.created);
      onSaved(res.etiqueta);
    },
    onError: (e) => showFailure(label ? LABEL_MSG.updateError : LABEL_MSG.saveError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);

  const onPaste = (e: React.ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const color = normalizeHexColor(e.clipboardData.getData('text'));
    form.setFieldValue('eti_cor', color ?? DEFAULT_LABEL_COLOR);
    if (!color) form.setFieldError('eti_cor', LABEL_MSG.invalidColor);
  };

  return (
    <ModalForm
      title={label ? 'Editar Etiqueta' : 'Nova Etiqueta'}
      size="md"
      onClose={onClose}
      onSubmit={save}
      loading={mutation.isPending}
      {...formSubmitState(form)}
    >
      <TextInput label="Nome" required maxLength={60} data-autofocus {...form.getInputProps('eti_nome')} />
      <ColorInput
        label="Cor"
        required
        format="hex"
        swatches={SWATCHES}
        {...form.getInputProps('eti_cor')}
        error={form.errors.eti_cor}
        onPaste={onPaste}
      />
    </ModalForm>
  );
}
