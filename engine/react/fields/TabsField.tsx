import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useConfiguratorT } from '../i18n';
import { ChildField } from './ChildField';
import { ItemLabel, useLabelOptions } from './ItemLabel';
import { useSections } from './useSections';

/**
 * `"ui:field": "tabs"`: an array's items or an object's properties as tabs; only the active tab's
 * content is mounted. `ui:options.disabledTabs` lists keys that cannot be selected.
 * @example { "departments": { "ui:field": "tabs", "ui:options": { "labelKey": "name" } } }
 */
export function TabsField(props: FieldProps) {
  const model = useSections(props);
  const t = useConfiguratorT();
  const options = getUiOptions(props.uiSchema);
  const disabledTabs = (options.disabledTabs as (string | number)[] | undefined) ?? [];
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, model.sections.length - 1));
  const section = model.sections[current];
  const labelOptions = useLabelOptions(options);
  const id = props.fieldPathId.$id;
  return (
    <Box className="stage-tabs" sx={{ mb: 2 }}>
      {model.title && props.uiSchema?.['ui:label'] !== false && (
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {model.title}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={section ? current : false} onChange={(_, v: number) => setActive(v)} variant="scrollable" scrollButtons="auto">
          {model.sections.map((s, i) => (
            <Tab
              key={s.key}
              value={i}
              id={`${id}-tab-${s.key}`}
              aria-controls={`${id}-panel-${s.key}`}
              disabled={disabledTabs.includes(s.name)}
              label={s.title ?? <ItemLabel controller={model.controller} itemPath={[...props.fieldPathId.path, s.name]} index={i} title={model.title} options={labelOptions} />}
            />
          ))}
        </Tabs>
        {model.canAdd && (
          <Button
            size="small"
            onClick={() => {
              // The new item's tab is shown at once: the user added it to fill it in.
              model.add();
              setActive(model.sections.length);
            }}
          >
            {t('form.add', { defaultValue: 'Add' })}
          </Button>
        )}
      </Box>
      {section && (
        <Box role="tabpanel" id={`${id}-panel-${section.key}`} aria-labelledby={`${id}-tab-${section.key}`} sx={{ pt: 2 }}>
          <ChildField
            key={section.key}
            controller={model.controller}
            registry={props.registry}
            parentPathId={props.fieldPathId}
            name={section.name}
            schema={section.schema}
            uiSchema={section.uiSchema}
            required={section.required}
            disabled={props.disabled}
            readonly={props.readonly}
          />
          {model.canRemove && (
            <Button size="small" color="error" onClick={() => model.remove(current)}>
              {t('form.remove', { defaultValue: 'Remove' })}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
