import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { ChildField } from './ChildField';
import { useSections } from './useSections';

/**
 * `"ui:field": "portlets"`: each property of an object (or item of an array) in its own card.
 * @example { "keyContact": { "ui:field": "portlets" } }
 */
export function PortletsField(props: FieldProps) {
  const model = useSections(props);
  return (
    <Box className="stage-portlets" sx={{ mb: 2 }}>
      {model.title && props.uiSchema?.['ui:label'] !== false && (
        <Typography variant="h6" sx={{ mb: 1 }}>
          {model.title}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {model.sections.map((s, i) => (
          <Card key={s.key} variant="outlined">
            <CardHeader
              title={
                <>
                  {s.title ?? `${model.title} ${i + 1}`}
                  {/* The card title is the field's only visible label: it carries the required mark (the input says it to screen readers). */}
                  {s.required && <span aria-hidden="true"> *</span>}
                </>
              }
              slotProps={{ title: { variant: 'subtitle1' } }}
            />
            <CardContent>
              <ChildField
                controller={model.controller}
                registry={props.registry}
                parentPathId={props.fieldPathId}
                name={s.name}
                schema={s.schema}
                uiSchema={{ ...s.uiSchema, 'ui:label': false }}
                required={s.required}
                disabled={props.disabled}
                readonly={props.readonly}
              />
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
