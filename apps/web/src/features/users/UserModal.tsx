import {
  type AremailAccount,
  isEmail,
  selectableLevels,
  USER_LEVEL_LABELS,
  USERS_MSG,
  type UserBody,
  type UserDetail,
  userBody,
} from '@ar/core';
import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showWarning } from '../../app/alerts.ts';
import { usePublicConfig } from '../../app/public-config.ts';
import { FormActions, formSubmitState, ModalForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifyThen, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { useSession } from '../../session/session.ts';
import { companiesCall, companyEntitiesCall } from '../entities/entities.api.ts';
import { AremailAccountsField } from './AremailAccountsField.tsx';
import { AttachmentRequiredSelect } from './AttachmentRequiredSelect.tsx';
import { checkEmailCall, removeUserCall, saveUserCall, type UserPayload } from './users.api.ts';

interface UserForm {
  usu_nome: string;
  usu_login: string;
  usu_anexo_obrigatorio: string;
  usu_nivel: string;
  accounts: AremailAccount[];
  cod_ger_empresa: string | null;
  cod_ger_entidade: string | null;
  blocked: boolean;
  ssoOnly: boolean;
}

const toBody = (v: UserForm, isAdmin: boolean, isEdit: boolean): UserPayload => ({
  usu_nome: v.usu_nome,
  usu_login: v.usu_login,
  usu_anexo_obrigatorio: v.usu_anexo_obrigatorio as 'S' | 'N',
  usu_nivel: (Number(v.usu_nivel) || undefined) as 1 | 2 | 3,
  usu_accounts_aremail: { accounts: v.accounts },
  cod_ger_empresa: isAdmin && v.cod_ger_empresa ? Number(v.cod_ger_empresa) : undefined,
  cod_ger_entidade: isAdmin && v.cod_ger_entidade ? Number(v.cod_ger_entidade) : undefined,
  usu_status: isEdit ? (v.blocked ? 'B' : 'L') : undefined,
  usu_sso_obrigatorio: v.ssoOnly,
});

/**
 * New or edit user (spec 000 §2, §5): name, login, attachment flag, user type (levels up to the
 * actor's), AR-Email accounts, and company and entity for administrators only. Editing also
 * blocks, unblocks or removes the user. Static: no close by clicking outside or by keyboard.
 */
export function UserModal({ user, onClose, onSaved }: { user: UserDetail | null; onClose: () => void; onSaved: () => void }) {
  const actor = useSession()?.user;
  const isAdmin = actor?.usu_nivel === 3;
  const isEdit = user !== null;
  const isSelf = user?.usu_codigo === actor?.usu_codigo;
  // Single sign-on configured in this installation (docs/access.md): the choice to require it.
  const sso = usePublicConfig().data?.signIn.sso;
  const form = useForm<UserForm>({
    mode: 'controlled',
    initialValues: {
      usu_nome: user?.usu_nome ?? '',
      usu_login: user?.usu_login ?? '',
      usu_anexo_obrigatorio: user?.usu_anexo_obrigatorio ?? 'N',
      usu_nivel: String(user ? (user.usu_nivel ?? 2) : 1),
      accounts: user?.usu_accounts_aremail?.accounts ?? [],
      cod_ger_empresa: user?.cod_ger_empresa ? String(user.cod_ger_empresa) : null,
      cod_ger_entidade: user?.cod_ger_entidade ? String(user.cod_ger_entidade) : null,
      blocked: user?.usu_status === 'B',
      ssoOnly: user?.usu_sso_obrigatorio ?? false,
    },
    validate: (values) => {
      const errors = zodValidate<UserBody>(userBody)(toBody(values, isAdmin, isEdit));
      if (isAdmin && !values.cod_ger_empresa) errors.cod_ger_empresa = USERS_MSG.companyRequired;
      if (isAdmin && !values.cod_ger_entidade) errors.cod_ger_entidade = USERS_MSG.entityRequired;
      return errors;
    },
    validateInputOnChange: true,
  });
  const company = form.values.cod_ger_empresa;
  const companies = useQuery({ queryKey: ['empresas'], queryFn: companiesCall, enabled: isAdmin });
  const entities = useQuery({
    queryKey: ['empresas', company, 'entidades'],
    queryFn: () => companyEntitiesCall(Number(company)),
    enabled: isAdmin && !!company,
  });

  const mutation = useMutation({
    mutationFn: (values: UserForm) => saveUserCall(user?.usu_codigo ?? null, toBody(values, isAdmin, isEdit)),
    onSuccess: notifyThen(onSaved),
    onError: (e) => showFailure(isEdit ? USERS_MSG.updateError : USERS_MSG.saveError, e),
  });
  const remove = useMutation({
    mutationFn: () => removeUserCall(user?.usu_codigo ?? 0),
    onSuccess: notifyThen(onSaved),
    onError: (e) => showFailure(USERS_MSG.removeError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);

  /** On an e-mail change: a taken address is warned about and cleared (spec 000 §5). */
  const checkLogin = async () => {
    const login = form.values.usu_login.trim();
    if (!isEmail(login) || login.toLowerCase() === user?.usu_login.toLowerCase()) return;
    try {
      if (await checkEmailCall(login)) {
        form.setFieldValue('usu_login', '');
        showWarning(USERS_MSG.emailExists);
      }
    } catch (e) {
      showFailure(USERS_MSG.checkEmailError, e);
    }
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: <strong>Confirmação</strong>,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: <p style={{ margin: 0 }}>Deseja remover o usuário {user?.usu_nome}?</p>,
      labels: { confirm: 'Sim', cancel: 'Não' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });

  const levels = selectableLevels(actor?.usu_nivel ?? 1).map((l) => ({ value: String(l), label: USER_LEVEL_LABELS[l] }));

  return (
    <ModalForm
      title={isEdit ? 'Editar Usuário' : 'Novo Usuário'}
      onClose={onClose}
      onSubmit={save}
      actions={
        <Group justify="space-between">
          <div>
            {isEdit && !isSelf && (
              <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>
                Remover usuário
              </Button>
            )}
          </div>
          <FormActions justify="flex-start" onCancel={onClose} loading={mutation.isPending} {...formSubmitState(form)} />
        </Group>
      }
    >
      <TextInput label="Nome" required maxLength={80} data-autofocus {...form.getInputProps('usu_nome')} />
      <TextInput label="Login (e-mail)" required type="email" maxLength={150} {...form.getInputProps('usu_login')} onBlur={checkLogin} />
      <Group grow align="flex-start">
        <AttachmentRequiredSelect {...form.getInputProps('usu_anexo_obrigatorio')} />
        <Select label="Tipo de usuário" required allowDeselect={false} data={levels} {...form.getInputProps('usu_nivel')} />
      </Group>
      {isAdmin && (
        <Group grow align="flex-start">
          <Select
            label="Empresa"
            required
            searchable
            data={(companies.data?.empresas ?? []).map((c) => ({ value: String(c.emp_codigo), label: c.emp_nome_fantasia }))}
            {...form.getInputProps('cod_ger_empresa')}
            onChange={(v) => {
              form.setFieldValue('cod_ger_empresa', v);
              form.setFieldValue('cod_ger_entidade', null);
            }}
          />
          <Select
            label="Entidade"
            required
            searchable
            disabled={!company}
            data={(entities.data?.entidades ?? []).map((e) => ({ value: String(e.ent_codigo), label: e.ent_nome_fantasia }))}
            {...form.getInputProps('cod_ger_entidade')}
          />
        </Group>
      )}
      <AremailAccountsField
        value={form.values.accounts}
        onChange={(accounts) => form.setFieldValue('accounts', accounts)}
        loginEmail={form.values.usu_login}
      />
      {sso && !isSelf && (
        <Switch
          label={`Entrar somente pelo "${sso.label}"`}
          description="Sem acesso por senha: o usuário entra pelo provedor de identidade da organização."
          {...form.getInputProps('ssoOnly', { type: 'checkbox' })}
        />
      )}
      {isEdit && !isSelf && (
        <Switch
          label="Acesso bloqueado"
          description="Um usuário bloqueado não consegue entrar no sistema."
          {...form.getInputProps('blocked', { type: 'checkbox' })}
        />
      )}
    </ModalForm>
  );
}
