import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CascadeToggles } from '../../rules/CascadeToggles';
import { W } from '../editorTypes';
import { setOptionsFrom, setUiOption, type OptionsFromSpec } from '../model/edits';
import { kindTargetOf } from '../model/kinds';
import { OptionsFromPicker } from '../OptionsFromPicker';
import { stageLists } from '../stageLists';
import { useDraftValue } from '../draftStore';
import { useTextOf } from '../useTextOf';
import { SwitchOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/**
 * A value picked from another stage's list (a location, a franchise): the stage, its list, the
 * item's key stored and the key shown (one or several: "Change to…", KindSwitch, which says what it
 * means for saved answers; several ids may be an array or the shared id-list shape), whether a sole choice is hidden, and its
 * cascades (removing an item there removes it here; the only item is picked while none is).
 */
export function OptionsFromPanel({ store, file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { options } = partsOf(file, node);
  const id = pathId(node.path);
  const spec: OptionsFromSpec = { stage: stringOf(options.stage), list: stringOf(options.optionsFrom), valueKey: stringOf(options.valueKey), labelKey: stringOf(options.labelKey), multiple: kindTargetOf(file, node) === 'optionsFromSeveral' };
  const known = stageLists().some((l) => l.stage === spec.stage && l.pointer === spec.list);
  const write = (next: OptionsFromSpec) => apply((d) => setOptionsFrom(d, node.path, next));
  const labels = useDraftValue(store, (d) => d.labels);
  const textOf = useTextOf({ labels });
  return (
    <Stack spacing={1.5} data-testid="panel-optionsFrom">
      <OptionsFromPicker draft={{ labels }} spec={spec} onChange={write} disabled={disabled} idPrefix={`of-${id}`} />
      <SwitchOption label={t(`${W}.optionsFrom.hideIfSole`)} checked={options.hideIfSole === true} onChange={(on) => apply((d) => setUiOption(d, node.path, 'hideIfSole', on ? true : undefined))} disabled={disabled} testId={`of-hideIfSole-${id}`} />
      {spec.stage && !known && <Alert severity="warning">{t(`${W}.optionsFrom.unknown`, { stage: spec.stage, list: spec.list })}</Alert>}
      {/* The cascades that keep these picks true when the other stage's list changes (rules of the file). */}
      <CascadeToggles file={file} path={node.path} words={(title) => textOf(title)} onChange={(file) => apply((d) => (file === d.file ? d : { ...d, file }))} disabled={disabled} />
    </Stack>
  );
}
