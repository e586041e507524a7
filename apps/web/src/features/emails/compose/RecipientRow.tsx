import {
  formatCep,
  LETTER_LIMITS,
  type Lead,
  maskMobile,
  maskWhatsapp,
  RECIPIENT_EMAIL_MAX,
  RECIPIENT_NAME_MAX,
  SECURITY_ANSWER_MAX,
  SECURITY_QUESTION_MAX,
  UFS,
} from '@ar/core';
import { ActionIcon, Group, Paper, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { fitRecipientName, type RecipientDraft } from './compose-form.ts';
import type { LetterDraft } from './letter-draft.ts';

/** The masked lengths: (##) #####-#### for the SMS, +## (##) #####-#### at most for WhatsApp (spec 001 §5). */
const SMS_MASKED_MAX = 15;
const WHATSAPP_MASKED_MAX = 19;

/** One recipient of the compose screen: a saved recipient or a typed one, its channels and security question. */
export function RecipientRow({
  index,
  row,
  leads,
  problem,
  checkProblem,
  whatsappAllowed,
  vozAllowed = false,
  questionAllowed,
  emailRequired,
  canRemove,
  onChange,
  onPickLead,
  onRemove,
  onTouch,
}: {
  index: number;
  row: RecipientDraft;
  leads: Lead[];
  /** The row's first rule problem, shown once the row was touched. */
  problem: string | null;
  /** The server's blacklist or validity answer for this address. */
  checkProblem: string | null;
  whatsappAllowed: boolean;
  /** usu_aceita_ar_voz: the AR-Voz switch shows (docs/voice.md). */
  vozAllowed?: boolean;
  questionAllowed: boolean;
  /** The account's set_envia_email_obrigatorio: off, an SMS or WhatsApp number may stand in for the e-mail. */
  emailRequired: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<RecipientDraft>) => void;
  onPickLead: (lead: Lead | null) => void;
  onRemove: () => void;
  onTouch: () => void;
}) {
  const n = index + 1;
  const leadOptions = leads.map((l) => ({ value: String(l.lea_codigo), label: `${l.lea_nome} <${l.lea_email}>` }));
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`recipient-${n}`} bg={checkProblem ? 'red.0' : undefined}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select
            label={`Destinatário ${n}`}
            placeholder="Destinatários salvos"
            data={leadOptions}
            value={row.lea_codigo ? String(row.lea_codigo) : null}
            onChange={(v) => onPickLead(leads.find((l) => String(l.lea_codigo) === v) ?? null)}
            searchable
            clearable
            nothingFoundMessage="Nenhum destinatário salvo"
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          {/* At most 14 characters (spec 001 §5): counted under the field; more is refused there, and a
              longer name (pasted, a saved recipient's) is cut in front of the person, who sees what it was. */}
          <TextInput
            label="Nome"
            aria-label={`Nome do destinatário ${n}`}
            placeholder="Nome"
            value={row.nameTo}
            onChange={(e) => onChange(fitRecipientName(e.currentTarget.value))}
            onBlur={onTouch}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <span data-testid={`recipient-${n}-name-count`}>
                {row.nameTo.length} de {RECIPIENT_NAME_MAX} caracteres
                {row.nameCutFrom && (
                  <Text component="span" size="xs" c="orange.8" display="block" data-testid={`recipient-${n}-name-cut`}>
                    Máximo de {RECIPIENT_NAME_MAX}: “{row.nameCutFrom}” ficou “{row.nameTo}”.
                  </Text>
                )}
              </span>
            }
            w={150}
          />
          <TextInput
            label="E-mail"
            withAsterisk={emailRequired}
            aria-label={`E-mail do destinatário ${n}`}
            placeholder={emailRequired ? 'email@exemplo.com.br' : 'email@exemplo.com.br (ou só SMS/WhatsApp)'}
            type="email"
            maxLength={RECIPIENT_EMAIL_MAX}
            value={row.to}
            onChange={(e) => onChange({ to: e.currentTarget.value.trim(), lea_codigo: null })}
            onBlur={onTouch}
            style={{ flex: 1 }}
          />
          <Tooltip label="Remover destinatário">
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              disabled={!canRemove}
              onClick={onRemove}
              aria-label={`Remover destinatário ${n}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="lg">
          <Switch
            label="SMS"
            aria-label={`SMS para o destinatário ${n}`}
            checked={row.smsOn}
            onChange={(e) => onChange({ smsOn: e.currentTarget.checked })}
          />
          {whatsappAllowed && (
            <Switch
              label="WhatsApp"
              aria-label={`WhatsApp para o destinatário ${n}`}
              checked={row.whatsOn}
              onChange={(e) => onChange({ whatsOn: e.currentTarget.checked })}
            />
          )}
          {vozAllowed && (
            <Switch
              label="AR-Voz"
              aria-label={`AR-Voz para o destinatário ${n}`}
              checked={row.vozOn}
              onChange={(e) => onChange({ vozOn: e.currentTarget.checked })}
            />
          )}
          <Switch
            label="Carta registrada (AR-Carta)"
            aria-label={`Carta registrada para o destinatário ${n}`}
            checked={row.cartaOn}
            onChange={(e) => onChange({ cartaOn: e.currentTarget.checked })}
          />
          {questionAllowed && (
            <Switch label="Pergunta de segurança" checked={row.verifOn} onChange={(e) => onChange({ verifOn: e.currentTarget.checked })} />
          )}
        </Group>
        {(row.smsOn || row.whatsOn || (row.vozOn && vozAllowed)) && (
          <Group gap="xs">
            {row.smsOn && (
              <TextInput
                label="Celular (SMS)"
                aria-label={`Celular para SMS do destinatário ${n}`}
                placeholder="(##) #####-####"
                inputMode="tel"
                maxLength={SMS_MASKED_MAX}
                value={row.sms}
                onChange={(e) => onChange({ sms: maskMobile(e.currentTarget.value) })}
                onBlur={onTouch}
              />
            )}
            {row.whatsOn && whatsappAllowed && (
              <TextInput
                label="WhatsApp"
                aria-label={`WhatsApp do destinatário ${n}`}
                placeholder="(##) #####-#### ou +## (##) #####-####"
                inputMode="tel"
                maxLength={WHATSAPP_MASKED_MAX}
                value={row.whatsapp}
                onChange={(e) => onChange({ whatsapp: maskWhatsapp(e.currentTarget.value) })}
                onBlur={onTouch}
              />
            )}
            {row.vozOn && vozAllowed && (
              <TextInput
                label="Telefone (AR-Voz)"
                aria-label={`Telefone para AR-Voz do destinatário ${n}`}
                placeholder="(##) #####-####"
                inputMode="tel"
                maxLength={SMS_MASKED_MAX}
                value={row.voz}
                onChange={(e) => onChange({ voz: maskMobile(e.currentTarget.value) })}
                onBlur={onTouch}
              />
            )}
          </Group>
        )}
        {row.cartaOn && (
          <LetterFields n={n} carta={row.carta} onChange={(patch) => onChange({ carta: { ...row.carta, ...patch } })} onTouch={onTouch} />
        )}
        {row.verifOn && questionAllowed && (
          <Group gap="xs" grow>
            <TextInput
              label="Pergunta"
              aria-label={`Pergunta de segurança do destinatário ${n}`}
              placeholder="Ex.: Quais os 3 primeiros dígitos do seu CPF?"
              maxLength={SECURITY_QUESTION_MAX}
              value={row.pergunta}
              onChange={(e) => onChange({ pergunta: e.currentTarget.value.slice(0, SECURITY_QUESTION_MAX) })}
              onPaste={(e) => {
                e.preventDefault();
                const pasted = e.clipboardData.getData('text');
                onChange({ pergunta: (row.pergunta + pasted).slice(0, SECURITY_QUESTION_MAX) });
              }}
              onBlur={onTouch}
            />
            <TextInput
              label="Resposta"
              aria-label={`Resposta de segurança do destinatário ${n}`}
              maxLength={SECURITY_ANSWER_MAX}
              value={row.resposta}
              onChange={(e) => onChange({ resposta: e.currentTarget.value })}
              onBlur={onTouch}
            />
          </Group>
        )}
        {(checkProblem || problem) && (
          <Text size="sm" c="red" role="alert" data-testid={`recipient-${n}-problem`}>
            {checkProblem ?? problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The letter's address (docs/letters.md): filled from the saved recipient where the registry has it; number, district and complement typed. */
function LetterFields({
  n,
  carta,
  onChange,
  onTouch,
}: {
  n: number;
  carta: LetterDraft;
  onChange: (patch: Partial<LetterDraft>) => void;
  onTouch: () => void;
}) {
  const field = (key: keyof typeof LETTER_LIMITS, label: string, w?: number) => (
    <TextInput
      label={label}
      aria-label={`${label} da carta do destinatário ${n}`}
      maxLength={LETTER_LIMITS[key]}
      value={carta[key]}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      onBlur={onTouch}
      w={w}
      style={w ? undefined : { flex: 1 }}
    />
  );
  return (
    <Stack gap="xs" data-testid={`recipient-${n}-carta`}>
      <Group gap="xs" align="flex-start">
        {field('nome', 'Nome na carta')}
        {field('endereco', 'Endereço')}
        {field('numero', 'Número', 90)}
        {field('complemento', 'Complemento', 140)}
      </Group>
      <Group gap="xs" align="flex-start">
        {field('bairro', 'Bairro')}
        {field('cidade', 'Cidade')}
        <Select
          label="UF"
          aria-label={`UF da carta do destinatário ${n}`}
          data={[...UFS]}
          value={carta.estado || null}
          onChange={(v) => onChange({ estado: v ?? '' })}
          w={90}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="CEP"
          aria-label={`CEP da carta do destinatário ${n}`}
          placeholder="00000-000"
          inputMode="numeric"
          maxLength={9}
          value={carta.cep}
          onChange={(e) => onChange({ cep: formatCep(e.currentTarget.value) })}
          onBlur={onTouch}
          w={120}
        />
      </Group>
    </Stack>
  );
}
