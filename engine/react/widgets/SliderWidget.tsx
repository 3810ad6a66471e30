import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useConfiguratorT } from '../i18n';

/** Spec section 9: "Slider step 25, range 0-100": the defaults when the schema names none. */
export const SLIDER = { min: 0, max: 100, step: 25 } as const;

/** The slider's range and step: the schema's minimum, maximum and multipleOf, else the spec's. */
export function sliderRange(schema: { minimum?: number; maximum?: number; multipleOf?: number }) {
  return {
    min: typeof schema.minimum === 'number' ? schema.minimum : SLIDER.min,
    max: typeof schema.maximum === 'number' ? schema.maximum : SLIDER.max,
    step: typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : SLIDER.step,
  };
}

/**
 * `"ui:widget": "slider"`: a number on a scale (MUI Slider), by default 0 to 100 in steps of 25.
 * The label names the slider's range input (`<label for>` and `aria-labelledby`), the value is shown
 * beside it (and read out as the input's `aria-valuetext`), and the arrow, Page and Home/End keys move it.
 * An unset value is drawn at the minimum until moved. `ui:options.unit` is an i18n key for the text
 * after the value (default "%", `form.sliderValue`).
 * @example { "creativeFreedom": { "ui:widget": "slider" } } // schema: integer, minimum 0, maximum 100, multipleOf 25
 */
export function SliderWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, schema, options, onChange, onBlur, onFocus } = props;
  const t = useConfiguratorT();
  const { min, max, step } = sliderRange(schema as { minimum?: number; maximum?: number; multipleOf?: number });
  const current = typeof value === 'number' ? value : undefined;
  const shown = (v: number) => t(typeof options.unit === 'string' ? options.unit : 'form.sliderValue', { value: v, defaultValue: `${v}%` });
  const labelId = `${id}-label`;
  return (
    <Box sx={{ px: 1 }}>
      {!hideLabel && label ? (
        <FormLabel id={labelId} required={required} htmlFor={`${id}-input`}>
          {label}
        </FormLabel>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Slider
          id={id}
          value={current ?? min}
          min={min}
          max={max}
          step={step}
          marks
          disabled={disabled || readonly}
          valueLabelDisplay="auto"
          getAriaValueText={shown}
          valueLabelFormat={shown}
          onChange={(_, v) => onChange(Array.isArray(v) ? v[0] : v)}
          onBlur={() => onBlur(id, current)}
          onFocus={() => onFocus(id, current)}
          slotProps={{
            input: {
              id: `${id}-input`,
              'aria-labelledby': hideLabel ? undefined : labelId,
              'aria-label': hideLabel ? label : undefined,
              'aria-describedby': ariaDescribedByIds(id),
            },
          }}
          sx={{ flex: 1, minWidth: 120 }}
        />
        <Typography component="span" aria-hidden data-testid={`${id}__value`} sx={{ minWidth: '4ch', textAlign: 'right' }}>
          {current === undefined ? '–' : shown(current)}
        </Typography>
      </Box>
    </Box>
  );
}
