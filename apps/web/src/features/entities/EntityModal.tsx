import {
  ENTITY_MSG,
  type EntityBody,
  type EntityRow,
  entityBody,
  formatCnpj,
  maskCnpj,
  maskPhone,
  PLAN_TYPE_OPTIONS,
  signUpPath,
} from '@ar/core';
import { ActionIcon, CopyButton, Group, Select, Stack, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormActions, formSubmitState, ModalForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifyThen, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { useSession } from '../../session/session.ts';
import { companiesCall, type EntityPayload, saveEntityCall } from './entities.api.ts';

interface EntityForm {
  ent_nome_fantasia: string;
  ent_razao_social: string;
  ent_descricao: string;
  ent_cnpj: string;
  ent_inscricao_estadual: string;
  ent_inscricao_municipal: string;
  ent_telefone: string;
  ent_telefone2: string;
  ent_celular: string;
  cod_ger_empresa: string | null;
  pla_tipo_plano: string | null;
}

export const signUpUrl = (uuid: string) => `${window.location.origin}${signUpPath(uuid)}`;

/**
 * New or edit entity (spec 000 §2, §5). Only an administrator picks the company and saves; a
 * manager sees its own entity and its sign-up link. Static: no close by clicking outside or by keyboard.
 */
export function EntityModal({ entity, onClose, onSaved }: { entity: EntityRow | null; onClose: () => void; onSaved: () => void }) {
  const isAdmin = useSession()?.user.usu_nivel === 3;
  const form = useForm<EntityForm>({
    mode: 'controlled',
    initialValues: {
      ent_nome_fantasia: entity?.ent_nome_fantasia ?? '',
      ent_razao_social: entity?.ent_razao_social ?? '',
      ent_descricao: entity?.ent_descricao ?? '',
      ent_cnpj: entity?.ent_cnpj ? formatCnpj(entity.ent_cnpj) : '',
      ent_inscricao_estadual: entity?.ent_inscricao_estadual ?? '',
      ent_inscricao_municipal: entity?.ent_inscricao_municipal ?? '',
      ent_telefone: maskPhone(entity?.ent_telefone ?? ''),
      ent_telefone2: maskPhone(entity?.ent_telefone2 ?? ''),
      ent_celular: maskPhone(entity?.ent_celular ?? ''),
      cod_ger_empresa: entity ? String(entity.cod_ger_empresa) : null,
      pla_tipo_plano: entity?.plano.pla_tipo_plano ?? null,
    },
    validate: (values) => {
      const errors = zodValidate<EntityBody>(entityBody)(toBody(values));
      if (errors['plano.pla_tipo_plano'] || errors.plano) errors.pla_tipo_plano = ENTITY_MSG.planRequired;
      if (isAdmin && !values.cod_ger_empresa) errors.cod_ger_empresa = ENTITY_MSG.companyRequired;
      return errors;
    },
    validateInputOnChange: true,
  });
  const toBody = (v: EntityForm): EntityPayload => ({
    ent_codigo: entity?.ent_codigo,
    ent_nome_fantasia: v.ent_nome_fantasia,
    ent_razao_social: v.ent_razao_social,
    ent_descricao: v.ent_descricao,
    ent_cnpj: v.ent_cnpj,
    ent_inscricao_estadual: v.ent_inscricao_estadual,
    ent_inscricao_municipal: v.ent_inscricao_municipal,
    ent_telefone: v.ent_telefone,
    ent_telefone2: v.ent_telefone2,
    ent_celular: v.ent_celular,
    cod_ger_empresa: v.cod_ger_empresa ? Number(v.cod_ger_empresa) : undefined,
    plano: { pla_tipo_plano: v.pla_tipo_plano as '1' | '2' },
  });
  const companies = useQuery({ queryKey: ['empresas'], queryFn: companiesCall, enabled: isAdmin });
  const mutation = useMutation({
    mutationFn: (values: EntityForm) => saveEntityCall(toBody(values)),
    onSuccess: notifyThen(onSaved),
    onError: (e) => showFailure(ENTITY_MSG.saveError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);
  const masked = (field: keyof EntityForm, mask: (s: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, mask(e.currentTarget.value)),
  });
  const readOnly = !isAdmin;

  return (
    <ModalForm
      title={entity ? (readOnly ? 'Entidade' : 'Editar Entidade') : 'Nova Entidade'}
      onClose={onClose}
      onSubmit={() => {
        if (!readOnly) save();
      }}
      actions={
        <FormActions
          onCancel={onClose}
          cancelLabel={readOnly ? 'Fechar' : 'Cancelar'}
          hideSubmit={readOnly}
          loading={mutation.isPending}
          {...formSubmitState(form)}
        />
      }
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <TextInput label="Nome fantasia" required maxLength={120} data-autofocus {...form.getInputProps('ent_nome_fantasia')} />
          <TextInput label="Razão social" maxLength={160} {...form.getInputProps('ent_razao_social')} />
          <Textarea label="Descrição" maxLength={500} autosize minRows={2} {...form.getInputProps('ent_descricao')} />
          <Group grow align="flex-start">
            <TextInput label="CNPJ" placeholder="00.000.000/0000-00" {...masked('ent_cnpj', maskCnpj)} />
            <Select
              label="Tipo de plano"
              required
              allowDeselect={false}
              data={PLAN_TYPE_OPTIONS}
              {...form.getInputProps('pla_tipo_plano')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Inscrição estadual" maxLength={30} {...form.getInputProps('ent_inscricao_estadual')} />
            <TextInput label="Inscrição municipal" maxLength={30} {...form.getInputProps('ent_inscricao_municipal')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Telefone" placeholder="(00) 0000-0000" {...masked('ent_telefone', maskPhone)} />
            <TextInput label="Telefone 2" placeholder="(00) 0000-0000" {...masked('ent_telefone2', maskPhone)} />
            <TextInput label="Celular" placeholder="(00) 00000-0000" {...masked('ent_celular', maskPhone)} />
          </Group>
          {isAdmin && (
            <Select
              label="Empresa"
              required
              searchable
              data={(companies.data?.empresas ?? []).map((c) => ({ value: String(c.emp_codigo), label: c.emp_nome_fantasia }))}
              {...form.getInputProps('cod_ger_empresa')}
            />
          )}
        </Stack>
      </fieldset>
      {entity && <SignUpLink uuid={entity.ent_uuid} />}
    </ModalForm>
  );
}

/** The entity's sign-up link, to copy and send to whoever should sign up. */
export function SignUpLink({ uuid }: { uuid: string }) {
  const url = signUpUrl(uuid);
  return (
    <TextInput
      label="Link de cadastro"
      readOnly
      value={url}
      onFocus={(e) => e.currentTarget.select()}
      rightSection={
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? ENTITY_MSG.linkCopied : 'Copiar link'}>
              <ActionIcon variant="subtle" onClick={copy} aria-label="Copiar link de cadastro">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
