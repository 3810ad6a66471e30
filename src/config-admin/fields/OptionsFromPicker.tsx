import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from './editorTypes';
import type { OptionsFromSpec } from './model/edits';
import type { StageDraftValue } from './model/types';
import { SelectOption } from './panels/controls';
import { defaultKeys, stageLists } from './stageLists';
import { useTextOf } from './useTextOf';

/** An empty spec pointing nowhere yet. */
export const NO_SOURCE: OptionsFromSpec = { stage: '', list: '', valueKey: '', labelKey: '' };

/**
 * Where an optionsFrom field's choices come from: a shipped stage, one of its lists (arrays of
 * objects), the item's key stored and the key shown. Picking a stage or list fills the keys with
 * the usual ones (`id`, `name`), which staff may change.
 */
export function OptionsFromPicker({ draft, spec, onChange, disabled, idPrefix }: { draft: Pick<StageDraftValue, 'labels'>; spec: OptionsFromSpec; onChange(next: OptionsFromSpec): void; disabled?: boolean; idPrefix: string }) {
  const { t } = useTranslation('configAdmin');
  const textOf = useTextOf(draft);
  const all = stageLists();
  const stages = [...new Set(all.map((l) => l.stage))];
  const lists = all.filter((l) => l.stage === spec.stage);
  const keys = lists.find((l) => l.pointer === spec.list)?.keys ?? [];
  const pickStage = (stage: string) => {
    const first = all.find((l) => l.stage === stage);
    if (first) onChange({ ...spec, stage, list: first.pointer, ...defaultKeys(first.keys) });
  };
  const pickList = (pointer: string) => {
    const l = lists.find((x) => x.pointer === pointer);
    if (l) onChange({ ...spec, list: pointer, ...defaultKeys(l.keys) });
  };
  const stageWords = (slug: string) => textOf(all.find((l) => l.stage === slug)?.stageTitle) || slug;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
      <SelectOption label={t(`${W}.optionsFrom.stage`)} value={spec.stage} values={stages} wordsOf={stageWords} onChange={pickStage} disabled={disabled} testId={`${idPrefix}-stage`} />
      <SelectOption label={t(`${W}.optionsFrom.list`)} value={spec.list} values={lists.map((l) => l.pointer)} wordsOf={(p) => `${textOf(lists.find((l) => l.pointer === p)?.title) || p} (${p})`} onChange={pickList} disabled={disabled || !spec.stage} testId={`${idPrefix}-list`} />
      <SelectOption label={t(`${W}.optionsFrom.valueKey`)} value={spec.valueKey} values={keys} wordsOf={(k) => k} onChange={(k) => onChange({ ...spec, valueKey: k })} disabled={disabled || !spec.list} testId={`${idPrefix}-value`} helperText={t(`${W}.optionsFrom.valueKeyHelp`)} />
      <SelectOption label={t(`${W}.optionsFrom.labelKey`)} value={spec.labelKey} values={keys} wordsOf={(k) => k} onChange={(k) => onChange({ ...spec, labelKey: k })} disabled={disabled || !spec.list} testId={`${idPrefix}-label`} helperText={t(`${W}.optionsFrom.labelKeyHelp`)} />
    </Box>
  );
}
