import { WHITELIST_MSG, type WhitelistBody, type WhitelistEntry, whitelistBody } from '@ar/core';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormActions, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifySuccess, StaticModal, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { saveEntryCall } from './whitelist.api.ts';

/** One field, the e-mail. Enter does not submit; save is disabled while the address is invalid. */
export function WhitelistModal({ entry, onClose, onSaved }: { entry: WhitelistEntry | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<WhitelistBody>({
    mode: 'controlled',
    initialValues: { whi_email: entry?.whi_email ?? '' },
    validate: zodValidate(whitelistBody),
    validateInputOnChange: true,
  });
  const mutation = useMutation({
    mutationFn: (values: WhitelistBody) => saveEntryCall(entry?.whi_codigo ?? null, values),
    onSuccess: () => {
      notifySuccess(entry ? WHITELIST_MSG.updated : WHITELIST_MSG.created);
      onSaved();
    },
    onError: (e) => showFailure(entry ? WHITELIST_MSG.updateError : WHITELIST_MSG.saveError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);
  const valid = whitelistBody.safeParse(form.getValues()).success;

  return (
    <StaticModal opened onClose={onClose} title={entry ? 'Editar Whitelist' : 'Nova Whitelist'} size="md">
      <Stack>
        <TextInput
          label="E-mail"
          required
          maxLength={150}
          data-autofocus
          {...form.getInputProps('whi_email')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <FormActions
          onCancel={onClose}
          onSubmitClick={save}
          loading={mutation.isPending}
          invalid={!valid}
          onExplain={() => form.validate()}
        />
      </Stack>
    </StaticModal>
  );
}
