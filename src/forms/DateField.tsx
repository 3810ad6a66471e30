import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DATE_FORMAT, STORED_DATE_FORMAT } from '../../engine/react/widgets/DatePickerWidget';
import { pickerLocaleFor } from '../../engine/react/widgets/pickerLocale';

dayjs.extend(customParseFormat);

export interface DateFieldProps {
  label: ReactNode;
  /** The API's date, 'YYYY-MM-DD'; '' or null when there is none. */
  value: string | null | undefined;
  /** The date chosen or typed as 'YYYY-MM-DD'; '' when the field is cleared or holds no real date yet. */
  onChange(value: string): void;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Put on the input itself (the element typed into). */
  'data-testid'?: string;
}

const toDayjs = (stored: string | null | undefined): Dayjs | null => {
  if (!stored) return null;
  const d = dayjs(stored, STORED_DATE_FORMAT, true);
  return d.isValid() ? d : null;
};

/**
 * A date typed or picked as dd/mm/yyyy in every locale (spec: dates use dd/mm/yyyy), whatever the
 * browser's own date format; its value in and out is the API's 'YYYY-MM-DD' ('' for none). The
 * calendar's texts and month names follow the app's language (engine/react/widgets/pickerLocale.ts,
 * as the configurator's date widget). One plain input (label tied to it, typable: 1 5 0 6 2 0 2 6
 * gives 15/06/2026). Pulls in @mui/x-date-pickers: import it only from lazily loaded screens,
 * never from anything the login page loads.
 * @example <DateField label="Launch date" value={launch} onChange={setLaunch} data-testid="project-launch" />
 */
export function DateField({ label, value, onChange, error = false, helperText, fullWidth, required, disabled, 'data-testid': testId }: DateFieldProps) {
  const { i18n } = useTranslation();
  const { localeText, adapterLocale } = pickerLocaleFor(i18n.resolvedLanguage ?? i18n.language);
  const stored = value ?? '';
  // The picker's own value: a half-typed date is not a real date (the caller gets ''), yet its typed parts must stay.
  const [picked, setPicked] = useState<Dayjs | null>(() => toDayjs(stored));
  const [seen, setSeen] = useState(stored);
  const [invalid, setInvalid] = useState(false);
  if (stored !== seen) {
    // Changed by the caller (a reset, another record): show that date.
    setSeen(stored);
    setPicked(toDayjs(stored));
  }
  const change = (d: Dayjs | null) => {
    setPicked(d);
    const next = d && d.isValid() ? d.format(STORED_DATE_FORMAT) : '';
    setSeen(next);
    if (next !== stored) onChange(next);
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      <DatePicker
        format={DISPLAY_DATE_FORMAT}
        label={label}
        value={picked}
        onChange={change}
        onError={(reason) => setInvalid(reason !== null)}
        disabled={disabled}
        // One <input> (not the day/month/year spans): its label is a <label for>, tests type into it.
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          textField: {
            required,
            fullWidth,
            error: error || invalid,
            helperText,
            slotProps: { htmlInput: testId ? { 'data-testid': testId } : {} },
          },
        }}
      />
    </LocalizationProvider>
  );
}
