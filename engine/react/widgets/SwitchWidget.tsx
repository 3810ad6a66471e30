import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { hiddenLabelName } from './hiddenLabel';

/**
 * `"ui:widget": "switch"`: a boolean as an on/off switch.
 * @example { "receiveLeads": { "ui:widget": "switch" } }
 */
export function SwitchWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, hideLabel, autofocus, onChange, onBlur, onFocus } = props;
  return (
    <FormControlLabel
      control={
        <Switch
          id={id}
          name={htmlName || id}
          checked={Boolean(value)}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          onChange={(_, checked) => onChange(checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          slotProps={{ input: { 'aria-describedby': ariaDescribedByIds(id), 'aria-label': hiddenLabelName(props) } }}
        />
      }
      label={labelValue(label, hideLabel, false)}
    />
  );
}
