import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { hiddenLabelName } from './hiddenLabel';
import { usePickerLocale } from './pickerLocale';

dayjs.extend(customParseFormat);

/** The format dates are shown and typed in (spec 5: dates use dd/mm/yyyy). */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
/** The format dates are stored in (JSON Schema `format: date`). */
export const STORED_DATE_FORMAT = 'YYYY-MM-DD';

/**
 * Turns a stored date into the dd/mm/yyyy text shown.
 * @example formatDisplayDate('2026-03-01') // '01/03/2026'
 */
export function formatDisplayDate(stored: string | undefined): string {
  if (!stored) return '';
  const d = dayjs(stored, STORED_DATE_FORMAT, true);
  return d.isValid() ? d.format(DISPLAY_DATE_FORMAT) : '';
}

/**
 * Reads typed dd/mm/yyyy text into the stored form, or undefined when it is not a real date.
 * @example parseDisplayDate('01/03/2026') // '2026-03-01'
 */
export function parseDisplayDate(text: string): string | undefined {
  const d = dayjs(text, DISPLAY_DATE_FORMAT, true);
  return d.isValid() ? d.format(STORED_DATE_FORMAT) : undefined;
}

/**
 * `"ui:widget": "datePicker"` (and every `format: date` string): a date picker shown as dd/mm/yyyy,
 * stored as YYYY-MM-DD. Its own texts (toolbar, buttons, aria labels) and calendar names follow the
 * form's language; the format does not.
 * @example { "launchDate": { "ui:widget": "datePicker" } }
 */
export function DatePickerWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, onChange, rawErrors = [], autofocus } = props;
  const parsed = value ? dayjs(value as string, STORED_DATE_FORMAT, true) : null;
  const { localeText, adapterLocale } = usePickerLocale();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      <DatePicker
        format={DISPLAY_DATE_FORMAT}
        label={labelValue(label, hideLabel)}
        value={parsed && parsed.isValid() ? parsed : null}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        onChange={(d: Dayjs | null) => onChange(d && d.isValid() ? d.format(STORED_DATE_FORMAT) : undefined)}
        slotProps={{
          textField: {
            id,
            required,
            error: rawErrors.length > 0,
            fullWidth: true,
            size: 'small',
            // The field is a group of day, month and year parts: with its label hidden, this names the group.
            slotProps: { input: { 'aria-label': hiddenLabelName(props) } },
          },
        }}
      />
    </LocalizationProvider>
  );
}
