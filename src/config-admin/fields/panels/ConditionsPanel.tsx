import { Box, Button, Stack, Typography } from '@mui/material';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionBuilder } from '../../rules/ConditionBuilder';
import { emptyCondition, fromJsonLogic, isUnsupported, toJsonLogic, type Group, type ParsedCondition } from '../../rules/conditionModel';
import { companyFields, conditionFields } from '../../rules/fields';
import { regionName } from '../../../i18n/dataWords';
import { W } from '../editorTypes';
import { conditionOf, setCondition } from '../model/edits';
import { schemaAt } from '../model/tree';
import type { Json } from '../model/types';
import { useTextOf } from '../useTextOf';
import { pathId, type PanelProps } from './panelProps';

type Which = 'visible' | 'required';

/**
 * "Show this field when…" or "Required when…": the condition builder over the fields of the node's
 * own object (a `visibleIf` reads its object: prefix ''), read from and written to the parent's
 * `visibleIf` / `requiredIf`. Nothing is written until staff draw: opening it is not an edit.
 */
function OneCondition({ store, file, node, apply, disabled, which }: PanelProps & { which: Which }) {
  const { t, i18n } = useTranslation('configAdmin');
  // Read, not subscribed: the words offered change with the file (see the memo below).
  const { labels } = store.get();
  const textOf = useTextOf({ labels });
  const logic = conditionOf(file, node.path, which);
  const [open, setOpen] = useState(logic !== undefined);
  const [tree, setTree] = useState<ParsedCondition>(() => (logic === undefined ? emptyCondition() : fromJsonLogic(logic)));
  const parent = schemaAt(file, node.path.slice(0, -1));
  const fields = useMemo(
    () => [
      ...conditionFields(parent, '', (title, enumLabels, value) => (enumLabels !== undefined ? textOf(`${enumLabels}.${String(value)}`) : textOf(title))).filter((f) => f.path !== node.name),
      // The company's region: a visibleIf may read it ($company), a requiredIf may not (the linter refuses it).
      ...(which === 'visible' ? companyFields((key) => t(key), (slug) => regionName({ slug, name: slug }, i18n.language)) : []),
    ],
    // The fields change with the parent's schema, its texts and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [parent, labels, node.name, which, i18n.language],
  );
  const id = `condition-${which}-${pathId(node.path)}`;
  const title = t(`${W}.conditions.${which}`);
  const write = (next: Group) => {
    setTree(next);
    const out = toJsonLogic(next);
    // An empty drawing ("always") is no condition at all: the key is removed, not written as `true`.
    apply((d) => setCondition(d, node.path, which, out === true ? undefined : (out as Json)));
  };
  return (
    <Box component="section" aria-label={title} data-testid={id}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {!open && (
          <Button size="small" onClick={() => setOpen(true)} disabled={disabled || !fields.length} data-testid={`${id}-open`}>
            {t(`${W}.conditions.add`)}
          </Button>
        )}
        {open && logic !== undefined && !isUnsupported(tree) && (
          <Button
            size="small"
            color="error"
            onClick={() => {
              setTree(emptyCondition());
              apply((d) => setCondition(d, node.path, which, undefined));
            }}
            disabled={disabled}
            data-testid={`${id}-clear`}
          >
            {t(`${W}.conditions.clear`)}
          </Button>
        )}
      </Stack>
      {!open && (
        <Typography variant="body2" color="text.secondary">
          {fields.length ? t(`${W}.conditions.none_${which}`) : t(`${W}.conditions.noFields`)}
        </Typography>
      )}
      {open && <ConditionBuilder value={tree} onChange={write} fields={fields} logic={logic} purpose={which === 'visible' ? 'show' : 'require'} label={title} disabled={disabled} />}
    </Box>
  );
}

/**
 * Drawn again when the file changes, not the labels: the fields a condition offers are this node's
 * siblings, whose words cannot be typed while this node's panel is open, and a keystroke in this
 * node's label re-rendered both builders (issue 56's keystroke budget).
 */
export const ConditionsPanel = memo(
  function ConditionsPanel(props: PanelProps) {
    return (
      <Stack spacing={1.5}>
        <OneCondition {...props} which="visible" />
        <OneCondition {...props} which="required" />
      </Stack>
    );
  },
  (a, b) => a.file === b.file && a.store === b.store && a.node === b.node && a.apply === b.apply && a.disabled === b.disabled,
);
