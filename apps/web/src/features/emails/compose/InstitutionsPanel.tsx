import { INSTITUTION_TYPES, type InstitutionContact } from '@ar/core';
import { Button, Collapse, Group, Paper, Select, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * 'Destinatários úteis' (spec 001 §2.5): an institution type (only Banco), a bank, and its SAC or
 * ombudsman address added as a recipient.
 */
export function InstitutionsPanel({ contacts, onAdd }: { contacts: InstitutionContact[]; onAdd: (name: string, email: string) => void }) {
  const [open, setOpen] = useState(false);
  const [tipo, setTipo] = useState<string | null>(INSTITUTION_TYPES[0]);
  const [codigo, setCodigo] = useState<string | null>(null);
  const chosen = contacts.find((c) => String(c.con_ins_codigo) === codigo);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Paper withBorder radius="md" p="sm">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Group gap="xs">
          <Chevron size={16} />
          <IconBuildingBank size={18} />
          <Text fw={500}>Destinatários úteis</Text>
          <Text size="sm" c="dimmed">
            SAC e ouvidoria de instituições
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={open}>
        <Group mt="sm" align="flex-end">
          <Select label="Tipo de instituição" data={[...INSTITUTION_TYPES]} value={tipo} onChange={setTipo} w={180} allowDeselect={false} />
          <Select
            label="Instituição"
            placeholder="Escolha o banco"
            searchable
            data={contacts.filter((c) => c.con_ins_tipo === tipo).map((c) => ({ value: String(c.con_ins_codigo), label: c.con_ins_nome }))}
            value={codigo}
            onChange={setCodigo}
            nothingFoundMessage="Nenhuma instituição encontrada"
            w={280}
          />
          <Button
            variant="light"
            disabled={!chosen?.con_ins_email_sac}
            onClick={() => chosen?.con_ins_email_sac && onAdd(chosen.con_ins_nome, chosen.con_ins_email_sac)}
          >
            Adicionar SAC
          </Button>
          <Button
            variant="light"
            disabled={!chosen?.con_ins_email_ouvidoria}
            onClick={() => chosen?.con_ins_email_ouvidoria && onAdd(chosen.con_ins_nome, chosen.con_ins_email_ouvidoria)}
          >
            Adicionar Ouvidoria
          </Button>
        </Group>
      </Collapse>
    </Paper>
  );
}
