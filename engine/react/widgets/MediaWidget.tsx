import TextField from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import type { StageFormContext } from '../context';
import { hiddenLabelName } from './hiddenLabel';

/**
 * `"ui:widget": "media"`: a file of the media library, stored as its guid. The input itself (picker,
 * upload, thumbnail) is the app's, given to StageForm as `mediaInput` (the renderer knows no
 * endpoint); `"ui:options": {"purpose": "logo"}` asks it for the spec's logo rule (JPEG, PNG or PDF,
 * 500-900 px wide and high), which the server checks again on save. Without an injected input (a
 * story, a test) the guid shows read-only.
 * @example { "logo": { "ui:widget": "media", "ui:options": { "purpose": "logo" } } }
 */
export function MediaWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, options, onChange, registry, rawErrors = [] } = props;
  const Input = (registry.formContext as Partial<StageFormContext> | undefined)?.mediaInput;
  const guid = typeof value === 'string' && value !== '' ? value : undefined;
  if (Input) {
    return (
      <Input
        id={id}
        value={guid}
        onChange={(v) => onChange(v)}
        label={label}
        required={!!required}
        disabled={!!(disabled || readonly)}
        error={rawErrors.length > 0}
        purpose={options.purpose === 'logo' ? 'logo' : undefined}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={labelValue(label, hideLabel)}
      value={guid ?? ''}
      required={required}
      error={rawErrors.length > 0}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { readOnly: true, 'aria-label': hiddenLabelName(props) } }}
    />
  );
}
