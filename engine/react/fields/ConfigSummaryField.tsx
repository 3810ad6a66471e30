import { useMemo, useRef, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { getUiOptions, type FieldProps, type UiSchema } from '@rjsf/utils';
import { configSummary, type ConfigDocument, type StageSummary } from '../../index';
import { formController } from '../context';
import { useConfiguratorT } from '../i18n';

/**
 * The summary rows, recomputed only when another stage's data changes (typing in this stage's own
 * fields leaves every other stage's data, and so the summary, as it was).
 */
function useSummary(doc: ConfigDocument, own: string, stages: readonly string[] | undefined): StageSummary[] {
  const cache = useRef<{ key: unknown[]; rows: StageSummary[] } | null>(null);
  const key = useMemo(() => Object.keys(doc).filter((k) => k !== own).sort().flatMap((k) => [k, doc[k]]), [doc, own]);
  const same = cache.current && cache.current.key.length === key.length && cache.current.key.every((v, i) => v === key[i]);
  if (!same || !cache.current) cache.current = { key, rows: configSummary(doc, { stages, exclude: [own] }) };
  return cache.current.rows;
}

/**
 * `"ui:field": "configSummary"` on an object: above the object's own fields, every dealer stage of
 * the configuration with its status (complete, not filled in yet, or the number of errors to fix),
 * from the engine's validation of the whole document. A final "confirmation" stage uses it; any
 * stage may. `ui:options.stages` limits the list to a config's enabled stages.
 * @example { "confirmation": { "ui:field": "configSummary", "ui:order": ["confirmed", "comments"] } }
 */
export function ConfigSummaryField(props: FieldProps) {
  const controller = formController(props.registry);
  const t = useConfiguratorT();
  const read = () => controller.store.getState().doc as ConfigDocument;
  const doc = useSyncExternalStore(controller.store.subscribe, read, read);
  const own = controller.store.getState().slug;
  const options = getUiOptions(props.uiSchema);
  const rows = useSummary(doc, own, options.stages as string[] | undefined);
  const open = rows.filter((r) => r.required && r.status !== 'complete').length;
  // The object's own fields render as usual (rjsf's ObjectField), without this field again.
  const { 'ui:field': _field, ...ownUi } = (props.uiSchema ?? {}) as UiSchema;
  const { ObjectField } = props.registry.fields;
  const headingId = `${props.fieldPathId?.$id ?? 'summary'}__summary`;
  return (
    <Box className="stage-config-summary" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h3" id={headingId}>
        {t('summary.heading', { defaultValue: 'Your configuration' })}
      </Typography>
      <List dense aria-labelledby={headingId}>
        {rows.map((r) => (
          <ListItem key={r.slug} disableGutters data-stage={r.slug} data-status={r.status}>
            <ListItemText
              primary={t(r.title, { defaultValue: r.slug })}
              secondary={r.required ? undefined : t('summary.optional', { defaultValue: 'optional' })}
            />
            <Chip
              size="small"
              variant={r.status === 'complete' ? 'filled' : 'outlined'}
              color={r.status === 'complete' ? 'success' : r.status === 'invalid' ? 'error' : 'default'}
              label={
                r.status === 'complete'
                  ? t('summary.complete', { defaultValue: 'Complete' })
                  : r.status === 'missing'
                    ? t('summary.missing', { defaultValue: 'Not filled in yet' })
                    : t('summary.incomplete', { defaultValue: '{{count}} to fix', count: r.errors })
              }
            />
          </ListItem>
        ))}
      </List>
      <Alert severity={open ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {open
          ? t('summary.someMissing', { defaultValue: '{{count}} required sections still need your attention before you can submit.', count: open })
          : t('summary.allComplete', { defaultValue: 'Every required section is complete: you can submit the configuration.' })}
      </Alert>
      <ObjectField {...props} uiSchema={ownUi} />
    </Box>
  );
}
