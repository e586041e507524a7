import { Button, Group, type GroupProps, type MantineSize, type ModalProps, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { ExplainDisabled } from './ExplainDisabled.tsx';
import { SAVE_DEBOUNCE_MS, StaticModal } from './registry-ui.tsx';

/** What the save button needs: busy while saving, disabled while the form is invalid, and why when clicked then. */
export interface SubmitState {
  /** The mutation is running. */
  loading: boolean;
  /** The form breaks a rule: the button is disabled and a click on it calls `onExplain`. */
  invalid: boolean;
  /** Shows every unmet rule next to its field (usually `() => form.validate()`). */
  onExplain: () => void;
}

/** The subset of a Mantine form that the helpers below use. */
interface ValidatingForm<T> {
  validate: () => { hasErrors: boolean };
  isValid: () => boolean;
  getValues: () => T;
}

/** `loading`-less SubmitState of a Mantine form: invalid while a rule fails, explained by validating. */
export const formSubmitState = (form: { isValid: () => boolean; validate: () => unknown }) => ({
  invalid: !form.isValid(),
  onExplain: () => {
    form.validate();
  },
});

/**
 * The debounced save of the registry forms: validate (showing the errors) and, when the values
 * pass, hand them to `submit` (usually `mutation.mutate`).
 */
export function useValidatedSave<T>(form: ValidatingForm<T>, submit: (values: T) => void) {
  return useDebouncedCallback(() => {
    if (!form.validate().hasErrors) submit(form.getValues());
  }, SAVE_DEBOUNCE_MS);
}

/** The save button: a submit button (or, with `onClick`, a plain one) that explains why it is disabled. */
export function SubmitButton({
  label = 'Salvar',
  loading,
  invalid,
  onExplain,
  onClick,
}: SubmitState & { label?: ReactNode; onClick?: () => void }) {
  return (
    <ExplainDisabled disabled={invalid} onExplain={onExplain}>
      {onClick ? (
        <Button onClick={onClick} loading={loading} disabled={invalid}>
          {label}
        </Button>
      ) : (
        <Button type="submit" loading={loading} disabled={invalid}>
          {label}
        </Button>
      )}
    </ExplainDisabled>
  );
}

/**
 * The form footer: 'Cancelar' (when `onCancel` is given) then the save button that says why it is
 * disabled. `hideSubmit` leaves only the cancel button (read-only views, labelled with `cancelLabel`).
 */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancelar',
  submitLabel,
  hideSubmit = false,
  onSubmitClick,
  justify = 'flex-end',
  ...submit
}: SubmitState & {
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  submitLabel?: ReactNode;
  hideSubmit?: boolean;
  /** Save by a click instead of submitting the form (the button is then not type="submit"). */
  onSubmitClick?: () => void;
  justify?: GroupProps['justify'];
}) {
  return (
    <Group justify={justify}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      {!hideSubmit && <SubmitButton label={submitLabel} onClick={onSubmitClick} {...submit} />}
    </Group>
  );
}

/** A `<form>` whose submit event calls `onSubmit` without reloading the page, its content in a Stack. */
export function PlainForm({ onSubmit, gap, children }: { onSubmit: () => void; gap?: MantineSize; children: ReactNode }) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}

/**
 * A registry modal form: the static modal (no close by clicking outside or by keyboard), a form that
 * submits to `onSubmit`, its fields in a Stack, then the footer: by default 'Cancelar' (closes) and
 * 'Salvar'; `actions` replaces that footer.
 */
export function ModalForm({
  title,
  size,
  onClose,
  onSubmit,
  gap,
  actions,
  children,
  ...submit
}: Partial<SubmitState> & {
  title: ReactNode;
  size?: ModalProps['size'];
  onClose: () => void;
  onSubmit: () => void;
  gap?: MantineSize;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    // Without a size, StaticModal's own default ('lg') applies.
    <StaticModal opened onClose={onClose} title={title} {...(size ? { size } : {})}>
      <PlainForm onSubmit={onSubmit} gap={gap}>
        {children}
        {actions ?? (
          <FormActions
            onCancel={onClose}
            loading={submit.loading ?? false}
            invalid={submit.invalid ?? false}
            onExplain={submit.onExplain ?? (() => {})}
          />
        )}
      </PlainForm>
    </StaticModal>
  );
}
