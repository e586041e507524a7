import {
  CASCADE_MSG,
  type CascadePlanView,
  MSG,
  mustRedefinePassword,
  type SessionUser,
  type SettingsBody,
  settingsBody,
  USERS_MSG,
} from '@ar/core';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiClient } from '../../api/typed-client.ts';
import { showWarning } from '../../app/alerts.ts';
import { FormActions, formSubmitState, PlainForm, useValidatedSave } from '../../components/ModalForm.tsx';
import { notifySuccess, showFailure, zodValidate } from '../../components/registry-ui.tsx';
import { updateSessionUser, useSession } from '../../session/session.ts';
import { changePasswordCall } from '../auth/auth.api.ts';
import { PasswordFields, passwordFormValid } from '../auth/PasswordFields.tsx';
import { CascadePanel } from '../emails/compose/CascadePanel.tsx';
import { type CascadeDraft, cascadeDraftFrom, cascadePlanProblem, toCascadePlan } from '../emails/compose/cascade-draft.ts';
import { AttachmentRequiredSelect } from '../users/AttachmentRequiredSelect.tsx';
import { CASCADE_DEFAULT_KEY, cascadeDefaultCall, saveCascadeDefaultCall, saveSettingsCall, settingsCall } from './account.api.ts';

/**
 * /configuracao/conta: Minha Conta with My Data and Change Password (spec 000 §2), and the
 * default channel cascade every new send starts from (docs/cascade.md).
 */
export default function AccountPage() {
  const user = useSession()?.user;
  const mustRedefine = user ? mustRedefinePassword(user) : false;
  const warned = useRef(false);
  useEffect(() => {
    if (mustRedefine && !warned.current) {
      warned.current = true;
      showWarning(USERS_MSG.unconverted);
    }
  }, [mustRedefine]);
  return (
    <Stack maw={900} mx="auto">
      <Title order={2}>Minha Conta</Title>
      {mustRedefine && (
        <Alert color="yellow" title="Redefina a sua senha" data-testid="unconverted-warning">
          {USERS_MSG.unconverted}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MyData />
        <ChangePassword />
      </SimpleGrid>
      <DefaultCascade user={user} />
    </Stack>
  );
}

function MyData() {
  const settings = useQuery({ queryKey: ['usuarios-settings'], queryFn: settingsCall });
  useEffect(() => {
    if (settings.isError) showFailure(USERS_MSG.settingsError, settings.error);
  }, [settings.isError, settings.error]);
  if (!settings.data) {
    return (
      <Paper p="lg" withBorder radius="md">
        <Title order={4}>Meus Dados</Title>
        {settings.isPending && <Loader size="sm" mt="md" />}
      </Paper>
    );
  }
  return (
    <MyDataForm
      initial={{ usu_nome: settings.data.usu_nome, usu_anexo_obrigatorio: settings.data.usu_anexo_obrigatorio }}
      login={settings.data.usu_login}
    />
  );
}

function MyDataForm({ initial, login }: { initial: SettingsBody; login: string }) {
  const form = useForm<SettingsBody>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodValidate(settingsBody),
    validateInputOnChange: true,
  });
  const mutation = useMutation({
    mutationFn: (values: SettingsBody) => saveSettingsCall(values),
    onSuccess: (res) => {
      updateSessionUser(res.user);
      notifySuccess(res.message);
    },
    onError: (e) => showFailure(USERS_MSG.updateError, e),
  });
  const save = useValidatedSave(form, mutation.mutate);
  return (
    <Paper p="lg" withBorder radius="md">
      <PlainForm onSubmit={save}>
        <Title order={4}>Meus Dados</Title>
        <TextInput label="Login (e-mail)" value={login} readOnly disabled />
        <TextInput label="Nome" required maxLength={80} {...form.getInputProps('usu_nome')} />
        <AttachmentRequiredSelect {...form.getInputProps('usu_anexo_obrigatorio')} />
        <FormActions submitLabel="Salvar dados" loading={mutation.isPending} {...formSubmitState(form)} />
      </PlainForm>
    </Paper>
  );
}

function ChangePassword() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [value, setValue] = useState({ newPassword: '', confirmPassword: '' });
  const mutation = useMutation({
    mutationFn: () => changePasswordCall(session?.user.usu_codigo ?? 0, value.newPassword, value.confirmPassword),
    onSuccess: async () => {
      setValue({ newPassword: '', confirmPassword: '' });
      notifySuccess(MSG.passwordChanged);
      // The server now counts the password as redefined (usu_integracao): refresh the stored user.
      updateSessionUser(await apiClient.GET('/v2/me'));
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
    onError: (e) => showFailure(MSG.passwordUpdateProblem, e),
  });
  return (
    <Paper p="lg" withBorder radius="md">
      <PlainForm
        onSubmit={() => {
          if (passwordFormValid(value)) mutation.mutate();
        }}
      >
        <Title order={4}>Alterar Senha</Title>
        <PasswordFields value={value} onChange={setValue} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!passwordFormValid(value)} loading={mutation.isPending}>
            Alterar senha
          </Button>
        </Group>
      </PlainForm>
    </Paper>
  );
}

/** The default 'Régua de notificação' (docs/cascade.md): the compose panel starts from it on every new send. */
function DefaultCascade({ user }: { user: SessionUser | undefined }) {
  const saved = useQuery({ queryKey: [CASCADE_DEFAULT_KEY], queryFn: cascadeDefaultCall });
  useEffect(() => {
    if (saved.isError) showFailure(CASCADE_MSG.defaultError, saved.error);
  }, [saved.isError, saved.error]);
  if (!saved.data) {
    return (
      <Paper p="lg" withBorder radius="md" data-testid="cascade-default">
        <Title order={4}>Régua de notificação padrão</Title>
        {saved.isPending && <Loader size="sm" mt="md" />}
      </Paper>
    );
  }
  return (
    <div data-testid="cascade-default">
      <DefaultCascadeForm initial={saved.data.cascata} user={user} />
    </div>
  );
}

function DefaultCascadeForm({ initial, user }: { initial: CascadePlanView | null; user: SessionUser | undefined }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CascadeDraft>(() => cascadeDraftFrom(initial));
  const problem = cascadePlanProblem(draft);
  const mutation = useMutation({
    mutationFn: () => saveCascadeDefaultCall({ cascata: toCascadePlan(draft) }),
    onSuccess: (res) => {
      queryClient.setQueryData([CASCADE_DEFAULT_KEY], { cascata: res.cascata });
      notifySuccess(res.message);
    },
    onError: (e) => showFailure(CASCADE_MSG.defaultSaveError, e),
  });
  return (
    <CascadePanel
      title="Régua de notificação padrão"
      section
      hint={
        <Text size="sm" c="dimmed">
          Todo novo envio começa com esta régua no painel &apos;Régua de notificação&apos;; em cada envio ainda é possível escolher outra.
          As remessas também seguem esta régua: uma linha sem o contato de alguma etapa não é enviada.
        </Text>
      }
      value={draft}
      onChange={setDraft}
      allowed={{ email: true, sms: true, whatsapp: !!user?.usu_aceita_ar_whatsapp, voz: !!user?.usu_aceita_ar_voz, carta: true }}
      error={problem}
    >
      <Group justify="flex-end">
        <Button onClick={() => mutation.mutate()} disabled={!!problem} loading={mutation.isPending}>
          Salvar régua padrão
        </Button>
      </Group>
    </CascadePanel>
  );
}
