import AddIcon from '@mui/icons-material/Add';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ComparisonRow } from './ComparisonRow';
import type { Group, GroupOp } from './conditionModel';
import { GROUP_OPS, newGroup } from './conditionModel';
import type { BuilderEdits } from './builderEdits';
import { startComparison } from './operators';

/** What every part of the builder edits the tree with (ConditionBuilder holds them). */

const C = 'stages.conditions';
const NATIVE = { select: { native: true } } as const;
/** Groups inside groups, at most: deeper rules belong in the JSON view. */
export const MAX_DEPTH = 3;

/** A group: how its conditions combine (all / any / none), its conditions and groups, and buttons to add. */
export function GroupEditor({ node, position, depth, edits, label, describedBy }: { node: Group; position: string; depth: number; edits: BuilderEdits; label: string; describedBy?: string }) {
  const { t } = useTranslation('configAdmin');
  const canAdd = !edits.disabled && edits.fields.length > 0;
  const addRef = useRef<HTMLButtonElement>(null);
  // A condition of this group was removed: the focus stays in the group.
  useEffect(() => {
    if (edits.focusId === node.id) addRef.current?.focus();
  }, [edits.focusId, node.id]);
  const addCondition = () => {
    const child = startComparison(edits.fields[0]);
    edits.add(node.id, child, child.id);
  };
  const addGroup = () => {
    const first = startComparison(edits.fields[0]);
    edits.add(node.id, newGroup('any', [first]), first.id);
  };
  const at = (i: number) => (position ? `${position}.${i + 1}` : String(i + 1));
  return (
    <Box
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="condition-group"
      sx={depth ? { borderLeft: 3, borderColor: 'primary.light', pl: { xs: 1, sm: 1.5 }, my: 1 } : undefined}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          id={`condition-${node.id}-match`}
          select
          size="small"
          label={t(`${C}.match`)}
          value={node.op}
          disabled={edits.disabled}
          onChange={(e) => edits.update(node.id, (n) => (n.kind === 'group' ? { ...n, op: e.target.value as GroupOp } : n))}
          slotProps={{ ...NATIVE, htmlInput: { 'data-testid': 'condition-match' } }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 14rem' } }}
        >
          {GROUP_OPS.map((op) => (
            <option key={op} value={op}>
              {t(`${C}.combinators.${op}`)}
            </option>
          ))}
        </TextField>
        {depth > 0 && (
          <Button size="small" color="inherit" onClick={() => edits.remove(node.id)} disabled={edits.disabled} data-testid="condition-group-remove">
            {t(`${C}.removeGroup`, { position })}
          </Button>
        )}
      </Stack>
      {node.children.length ? (
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {node.children.map((child, i) =>
            child.kind === 'compare' ? (
              <ComparisonRow key={child.id} node={child} position={at(i)} edits={edits} />
            ) : (
              <Box component="li" key={child.id} sx={{ listStyle: 'none' }}>
                <GroupEditor node={child} position={at(i)} depth={depth + 1} edits={edits} label={t(`${C}.groupNamed`, { position: at(i) })} />
              </Box>
            ),
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {depth ? t(`${C}.emptyGroup`) : t(`${C}.empty`)}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', pt: 1 }}>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} ref={addRef} onClick={addCondition} disabled={!canAdd} aria-label={depth ? t(`${C}.addConditionTo`, { position }) : undefined} data-testid="condition-add">
          {t(`${C}.addCondition`)}
        </Button>
        {depth < MAX_DEPTH && (
          <Button size="small" startIcon={<PlaylistAddIcon />} onClick={addGroup} disabled={!canAdd} aria-label={depth ? t(`${C}.addGroupTo`, { position }) : undefined} data-testid="condition-add-group">
            {t(`${C}.addGroup`)}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
