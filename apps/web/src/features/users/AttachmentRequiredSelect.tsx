import { Select, type SelectProps } from '@mantine/core';

const YES_NO = [
  { value: 'S', label: 'Sim' },
  { value: 'N', label: 'Não' },
];

/** The user's 'Anexo obrigatório' (S/N), in the user modal and in Minha Conta; takes the form's input props. */
export function AttachmentRequiredSelect(props: Omit<SelectProps, 'label' | 'data'>) {
  return <Select label="Anexo obrigatório" required allowDeselect={false} data={YES_NO} {...props} />;
}
