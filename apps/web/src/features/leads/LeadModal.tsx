import { type CustomFieldDef, ESTADOS_CIVIS, LEAD_MSG, type Lead, leadBody, maskDigits, maskTelefone, SEXOS, UFS } from '@ar/core';
import { Divider, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { formSubmitState, ModalForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifySuccess, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { formToBody, type LeadForm, leadToForm } from './lead-form.ts';
import { saveLeadCall } from './leads.api.ts';
import { MASKS } from './masks.ts';

interface Props {
  lead: Lead | null;
  customFields: CustomFieldDef[];
  onClose: () => void;
  onSaved: () => void;
}

/** The recipient form: every field of spec 001 §3 with its limits and masks, then the custom variables. */
export function LeadModal({ lead, customFields, onClose, onSaved }: Props) {
  const validateBody = zodValidate(leadBody);
  const form = useForm<LeadForm>({
    mode: 'controlled',
    initialValues: leadToForm(lead),
    validate: (values) => validateBody(formToBody(values, customFields, lead)),
    validateInputOnChange: true,
  });
  const mutation = useMutation({
    mutationFn: (values: LeadForm) => saveLeadCall(lead?.lea_codigo ?? null, formToBody(values, customFields, lead)),
    onSuccess: () => {
      notifySuccess(lead ? LEAD_MSG.updated : LEAD_MSG.created);
      onSaved();
    },
    onError: (e) => showFailure(lead ? LEAD_MSG.updateError : LEAD_MSG.saveError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);

  const masked = (field: keyof typeof MASKS, label: string, placeholder: string) => {
    const props = form.getInputProps(field);
    return (
      <TextInput
        label={label}
        placeholder={placeholder}
        {...props}
        onChange={(e) => form.setFieldValue(field, maskDigits(e.currentTarget.value, MASKS[field]))}
      />
    );
  };
  const text = (field: keyof LeadForm, label: string, max: number, required = false) => (
    <TextInput label={label} required={required} maxLength={max} {...form.getInputProps(field)} />
  );

  return (
    <ModalForm
      title={lead ? 'Editar Destinatário' : 'Novo Destinatário'}
      size="xl"
      gap="sm"
      onClose={onClose}
      onSubmit={save}
      loading={mutation.isPending}
      {...formSubmitState(form)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('lea_nome', 'Nome', 80, true)}
        {text('lea_sobrenome', 'Sobrenome', 80)}
        {text('lea_email', 'E-mail', 80, true)}
        {masked('lea_cpf', 'CPF', '000.000.000-00')}
        <TextInput
          label="Telefone"
          placeholder="(00) 0000-0000"
          {...form.getInputProps('lea_telefone')}
          onChange={(e) => form.setFieldValue('lea_telefone', maskTelefone(e.currentTarget.value))}
        />
        {masked('lea_celular', 'Celular', '(00) 00000-0000')}
        {masked('lea_nascimento', 'Data de nascimento', 'dd/mm/aaaa')}
        <Select label="Sexo" data={[...SEXOS]} clearable {...form.getInputProps('lea_sexo')} />
        <Select label="Estado civil" data={[...ESTADOS_CIVIS]} clearable {...form.getInputProps('lea_estado_civil')} />
        {text('lea_profissao', 'Profissão', 80)}
      </SimpleGrid>
      <Divider label="Endereço" labelPosition="left" />
      {text('lea_endereco', 'Endereço', 200)}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {text('lea_cidade', 'Cidade', 80)}
        <Select label="Estado" data={[...UFS]} searchable clearable {...form.getInputProps('lea_estado')} />
        {masked('lea_cep', 'CEP', '00000-000')}
      </SimpleGrid>
      <Divider label="Pessoa jurídica" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {masked('lea_cnpj', 'CNPJ', '00.000.000/0000-00')}
        {text('lea_inscricao_estadual', 'Inscrição estadual', 80)}
        {text('lea_razao_social', 'Razão social', 80)}
        {text('lea_fantasia', 'Nome fantasia', 80)}
      </SimpleGrid>
      {customFields.length > 0 && (
        <>
          <Divider label="Campos customizados" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {customFields.map((f) => (
              <TextInput
                key={f.id}
                label={f.description}
                description={f.value}
                maxLength={500}
                value={form.values.custom[f.id] ?? ''}
                onChange={(e) => form.setFieldValue(`custom.${f.id}`, e.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <Text size="xs" c="dimmed">
        Campos marcados com * são obrigatórios.
      </Text>
    </ModalForm>
  );
}
