import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';

/** A period as the date picker gives it: two days 'YYYY-MM-DD', either still unchosen. */
export type Period = [string | null, string | null];

/**
 * The period picker of the reports and proofs screens (spec 002 §2): a range of days shown
 * dd/MM/yyyy, in Portuguese, required. The server reads the days in Brasília time, from 00:00:00
 * of the first to 23:59:59 of the last.
 */
export function PeriodPicker({
  value,
  onChange,
  label = 'Período',
  maxDate,
}: {
  value: Period;
  onChange: (value: Period) => void;
  label?: string;
  maxDate?: string;
}) {
  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <DatePickerInput
        type="range"
        label={label}
        placeholder="Selecione o período"
        valueFormat="DD/MM/YYYY"
        value={value}
        onChange={(v) => onChange([v[0] ?? null, v[1] ?? null])}
        allowSingleDateInRange
        clearable
        withAsterisk
        maxDate={maxDate}
        w={300}
      />
    </DatesProvider>
  );
}
