import { isEmail, maskCnpj, maskCpf, maskDate, maskPhone, PERSON_TYPE_LABELS, registrationBody, SIGNUP_MSG, USERS_MSG } from '@ar/core';
import { Anchor, Button, Center, Group, Loader, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showAlert } from '../../app/alerts.ts';
import { ExplainDisabled } from '../../components/ExplainDisabled.tsx';
import { showFailure } from '../../components/registry-ui.tsx';
import { Logo } from '../../layout/Logo.tsx';
import { entityInviteCall } from '../entities/entities.api.ts';
import { checkEmailCall } from '../users/users.api.ts';
import { type RegistrationPayload, registerCall } from './signup.api.ts';

type PersonType = 1 | 2 | 3;

interface SignUpForm {
  usu_nome: string;
  usu_login: string;
  cpf: string;
  dataNascimento: string;
  sexo: string | null;
  endereco: string;
  telefone: string;
  nomeFantasia: string;
  cnpj: string;
  ie: string;
  contato: string;
  vara: string;
}

const EMPTY: SignUpForm = {
  usu_nome: '',
  usu_login: '',
  cpf: '',
  dataNascimento: '',
  sexo: null,
  endereco: '',
  telefone: '',
  nomeFantasia: '',
  cnpj: '',
  ie: '',
  contato: '',
  vara: '',
};

/** The payload of one tab: only that tab's person data. */
function toBody(type: PersonType, v: SignUpForm): RegistrationPayload {
  const common = { usu_nome: v.usu_nome, usu_login: v.usu_login };
  if (type === 1) {
    return {
      ...common,
      usu_pessoa_tipo: 1,
      usu_pessoa_data: {
        cpf: v.cpf,
        dataNascimento: v.dataNascimento,
        // As chosen in the select (M or F); registrationBody checks it before the call.
        sexo: (v.sexo ?? undefined) as 'M' | 'F' | undefined,
        endereco: v.endereco,
        telefone: v.telefone,
      },
    };
  }
  if (type === 2) {
    return {
      ...common,
      usu_pessoa_tipo: 2,
      usu_pessoa_data: {
        nomeFantasia: v.nomeFantasia,
        cnpj: v.cnpj,
        ie: v.ie,
        endereco: v.endereco,
        telefone: v.telefone,
        contato: v.contato,
      },
    };
  }
  return { ...common, usu_pessoa_tipo: 3, usu_pessoa_data: { vara: v.vara, cnpj: v.cnpj, endereco: v.endereco, telefone: v.telefone } };
}

/** Zod issues of the tab's payload by form field ('usu_pessoa_data.cpf' → 'cpf'). */
function validate(type: PersonType, values: SignUpForm): Record<string, string> {
  const result = registrationBody.safeParse(toBody(type, values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[issue.path.length - 1] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** /sign-up/{uuid}: sign-up by an entity's invitation link, tabs Física, Jurídica and Poder Judiciário. */
export default function SignUpPage() {
  const { uuid = '' } = useParams();
  const entity = useQuery({ queryKey: ['entity-invite', uuid], queryFn: () => entityInviteCall(uuid), retry: false });
  useEffect(() => {
    if (entity.isError && !(entity.error instanceof ApiError && entity.error.status === 404)) {
      showFailure(SIGNUP_MSG.inviteError, entity.error);
    }
  }, [entity.isError, entity.error]);

  if (entity.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  // An unknown entity sends the visitor to the login page (spec 000 §2).
  if (entity.isError) return <Navigate to="/login" replace />;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper w="100%" maw={620} p="xl" withBorder radius="md">
        <Stack>
          <Logo />
          <div>
            <Title order={3}>Cadastro</Title>
            <Text size="sm" c="dimmed">
              Convite de <strong data-testid="signup-entity">{entity.data.ent_nome_fantasia}</strong>
            </Text>
          </div>
          <SignUpTabs uuid={uuid} />
          <Text size="sm">
            Já tem acesso?{' '}
            <Anchor component={Link} to="/login">
              Entrar
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

function SignUpTabs({ uuid }: { uuid: string }) {
  const [type, setType] = useState<PersonType>(1);
  // The form's validate rule reads the tab at the time it runs.
  const typeRef = useRef(type);
  typeRef.current = type;
  const navigate = useNavigate();
  const form = useForm<SignUpForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validate(typeRef.current, values),
    validateInputOnBlur: true,
  });
  const valid = Object.keys(validate(type, form.values)).length === 0;
  const mutation = useMutation({
    mutationFn: () => registerCall(uuid, toBody(type, form.getValues())),
    // Done: to the login at once, the message over it, as after confirming an invitation.
    onSuccess: (res) => {
      navigate('/login', { replace: true });
      showAlert('Sucesso', res.message);
    },
    onError: (e) => showFailure(SIGNUP_MSG.accessError, e),
  });

  /** On an e-mail change: a taken address is warned about, with the way to recover it, and cleared. */
  const checkEmail = async () => {
    const email = form.values.usu_login.trim();
    if (!isEmail(email)) return;
    try {
      if (!(await checkEmailCall(email))) return;
      form.setFieldValue('usu_login', '');
      modals.open({
        title: <strong>Aviso</strong>,
        centered: true,
        children: (
          <Stack gap="xs">
            <p data-testid="alert-message" style={{ margin: 0 }}>
              {USERS_MSG.emailExists}
            </p>
            {/* Modals render outside the router: a plain link. */}
            <Anchor href="/recovery">{USERS_MSG.tryRecovery}</Anchor>
          </Stack>
        ),
      });
    } catch (e) {
      showFailure(USERS_MSG.checkEmailError, e);
    }
  };

  const input = (field: keyof SignUpForm, mask?: (s: string) => string) => {
    const props = form.getInputProps(field);
    return mask
      ? { ...props, onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, mask(e.currentTarget.value)) }
      : props;
  };
  const email = (
    <TextInput label="E-mail" required type="email" maxLength={150} autoComplete="email" {...input('usu_login')} onBlur={checkEmail} />
  );
  const phone = (required: boolean) => (
    <TextInput label="Telefone" required={required} placeholder="(00) 00000-0000" inputMode="tel" {...input('telefone', maskPhone)} />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!form.validate().hasErrors) mutation.mutate();
      }}
    >
      <Stack>
        <Tabs
          value={String(type)}
          onChange={(v) => {
            setType(Number(v) as PersonType);
            form.clearErrors();
          }}
        >
          <Tabs.List grow>
            {([1, 2, 3] as const).map((t) => (
              <Tabs.Tab key={t} value={String(t)}>
                {PERSON_TYPE_LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {type === 1 && (
          <>
            <TextInput label="Nome" required maxLength={80} autoComplete="name" {...input('usu_nome')} />
            {email}
            <Group grow align="flex-start">
              <TextInput label="CPF" required placeholder="000.000.000-00" inputMode="numeric" {...input('cpf', maskCpf)} />
              <TextInput
                label="Data de nascimento"
                required
                placeholder="dd/mm/aaaa"
                inputMode="numeric"
                {...input('dataNascimento', maskDate)}
              />
            </Group>
            <Group grow align="flex-start">
              <Select
                label="Sexo"
                clearable
                data={[
                  { value: 'M', label: 'Masculino' },
                  { value: 'F', label: 'Feminino' },
                ]}
                {...input('sexo')}
              />
              {phone(false)}
            </Group>
            <TextInput label="Endereço" maxLength={200} {...input('endereco')} />
          </>
        )}
        {type === 2 && (
          <>
            <TextInput label="Razão social" required maxLength={80} {...input('usu_nome')} />
            <TextInput label="Nome fantasia" maxLength={120} {...input('nomeFantasia')} />
            {email}
            <Group grow align="flex-start">
              <TextInput label="CNPJ" required placeholder="00.000.000/0000-00" {...input('cnpj', maskCnpj)} />
              <TextInput label="Inscrição estadual" required maxLength={30} {...input('ie')} />
            </Group>
            <TextInput label="Endereço" required maxLength={200} {...input('endereco')} />
            <Group grow align="flex-start">
              {phone(true)}
              <TextInput label="Contato" required maxLength={80} {...input('contato')} />
            </Group>
          </>
        )}
        {type === 3 && (
          <>
            <TextInput label="Comarca" required maxLength={80} {...input('usu_nome')} />
            {email}
            <TextInput label="Vara" required maxLength={120} {...input('vara')} />
            <Group grow align="flex-start">
              {phone(true)}
              <TextInput label="CNPJ" placeholder="00.000.000/0000-00" {...input('cnpj', maskCnpj)} />
            </Group>
            <TextInput label="Endereço" maxLength={200} {...input('endereco')} />
          </>
        )}
        {/* Disabled while a rule is unmet; a click on it shows every unmet rule next to its field. */}
        <ExplainDisabled disabled={!valid && !mutation.isPending} onExplain={() => form.validate()} testId="signup-submit-box">
          <Button type="submit" fullWidth loading={mutation.isPending} disabled={!valid || mutation.isSuccess}>
            Cadastrar
          </Button>
        </ExplainDisabled>
      </Stack>
    </form>
  );
}
