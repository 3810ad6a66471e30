import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison, CompareOp } from './conditionModel';
import type { BuilderEdits } from './builderEdits';
import { fieldFor, opKey, opsFor, startComparison, valueForOp } from './operators';
import { changeComparison } from './treeEdits';
import { ValueInput } from './ValueInput';

const C = 'stages.conditions';
const NATIVE = { select: { native: true } } as const;

/** One comparison: field, operator, value (none for on / off, filled in / empty), and remove. */
export function ComparisonRow({ node, position, edits }: { node: Comparison; position: string; edits: BuilderEdits }) {
  const { t } = useTranslation('configAdmin');
  const field = fieldFor(edits.fields, node);
  const fieldRef = useRef<HTMLSelectElement>(null);
  const id = `condition-${node.id}`;
  useEffect(() => {
    if (edits.focusId === node.id) fieldRef.current?.focus();
  }, [edits.focusId, node.id]);
  const listed = edits.fields.some((f) => f.path === node.field);
  const name = t(`${C}.conditionNamed`, { position });
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        role="group"
        aria-label={name}
        data-testid="condition-row"
        data-field={node.field}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider', '& > .MuiFormControl-root': { flex: { xs: '1 1 100%', sm: '0 1 14rem' } }, '& > .MuiFormGroup-root': { flex: { xs: '1 1 100%', sm: '1 1 14rem' } } }}
      >
        <TextField
          id={`${id}-field`}
          select
          size="small"
          label={t(`${C}.field`)}
          value={node.field}
          disabled={edits.disabled}
          inputRef={fieldRef}
          onChange={(e) => {
            const next = edits.fields.find((f) => f.path === e.target.value);
            if (next) edits.update(node.id, () => ({ ...startComparison(next), id: node.id }));
          }}
          slotProps={{ ...NATIVE, htmlInput: { 'data-testid': 'condition-field' } }}
          >
          {!listed && <option value={node.field}>{node.field}</option>}
          {edits.fields.map((f) => (
            <option key={f.path} value={f.path}>
              {f.label}
            </option>
          ))}
        </TextField>
        <TextField
          id={`${id}-op`}
          select
          size="small"
          label={t(`${C}.operator`)}
          value={node.op}
          disabled={edits.disabled}
          onChange={(e) => {
            const op = e.target.value as CompareOp;
            edits.update(node.id, (n) => (n.kind === 'compare' ? changeComparison(n, { op, value: valueForOp(field, op, n.value) }) : n));
          }}
          slotProps={{ ...NATIVE, htmlInput: { 'data-testid': 'condition-op' } }}
          >
          {opsFor(field, node.op).map((op) => (
            <option key={op} value={op}>
              {t(`${C}.ops.${opKey(op, field.kind)}`)}
            </option>
          ))}
        </TextField>
        <ValueInput field={field} node={node} id={`${id}-value`} disabled={edits.disabled} onChange={(value) => edits.update(node.id, (n) => (n.kind === 'compare' ? changeComparison(n, { value }) : n))} />
        <Tooltip title={t(`${C}.removeCondition`, { position })}>
          <span>
            <IconButton aria-label={t(`${C}.removeCondition`, { position })} onClick={() => edits.remove(node.id)} disabled={edits.disabled} data-testid="condition-remove">
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
