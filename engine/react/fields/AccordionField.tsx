import { createContext, memo, useCallback, useContext, useMemo, useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Tooltip from '@mui/material/Tooltip';
import { getUiOptions, type FieldPathId, type FieldProps, type Registry } from '@rjsf/utils';
import type { StageFormContext } from '../context';
import type { StageController } from '../controller';
import type { Path } from '../paths';
import { useConfiguratorT } from '../i18n';
import { ChildField } from './ChildField';
import { ItemLabel, useLabelOptions, type LabelOptions } from './ItemLabel';
import { ShowMoreButton, usePageLimit } from './ShowMore';
import { useSections, type Section } from './useSections';
import { useValueAt } from './useStore';

/** The sections whose label contains `filter` (reads the items only while a filter is typed). */
function useFilteredSections(controller: StageController, path: Path, sections: Section[], labelKey: string | undefined, filter: string): Section[] {
  const items = useValueAt(controller, filter && labelKey ? path : null);
  return useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q || !labelKey || !Array.isArray(items)) return sections;
    return sections.filter((s) => String((items[Number(s.name)] as Record<string, unknown> | undefined)?.[labelKey] ?? '').toLowerCase().includes(q));
  }, [sections, items, labelKey, filter]);
}

interface PanelProps {
  controller: StageController;
  registry: Registry;
  fieldPathId: FieldPathId;
  section: Section;
  expanded: boolean;
  onToggle: (key: string) => void;
  onRemove?: (index: number) => void;
  title: string;
  labelOptions: LabelOptions;
  disabled?: boolean;
  readonly?: boolean;
  removeLabel: string;
  /** The items are rows of a list: one staff locked (`disabled: true`) is read only to others. */
  lockable: boolean;
  /** The viewer may lock and unlock rows (staff): a lock toggle, and locked rows stay editable. */
  canLock: boolean;
}

const closedSx = { contentVisibility: 'auto', containIntrinsicSize: 'auto 48px' } as const;

/** The panel's action (Remove) for its heading; set by each Panel. */
const PanelAction = createContext<ReactNode>(null);

/** MUI's size="small" IconButton: 5px padding around a 20px icon. */
const ACTION_SIZE = 30;

/**
 * The accordion's heading slot: MUI's `<h3>` around the summary, and the panel's action beside it, not
 * inside: the summary is the expand button, and a button may not hold another (a screen reader could
 * not reach it). The action sits over a same-sized gap the summary keeps for it, just before the
 * expand icon (summary padding 16px + icon 24px from the right, content margin 12px from the top),
 * so it looks as it did inside; in the tab order it comes after the summary, before the content.
 */
function PanelHeading({ ownerState: _, children, ...rest }: HTMLAttributes<HTMLHeadingElement> & { ownerState?: unknown; ref?: Ref<HTMLHeadingElement> }) {
  const action = useContext(PanelAction);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box component="h3" {...rest} sx={{ all: 'unset' }}>
        {children}
      </Box>
      {action && <Box sx={{ position: 'absolute', top: 12, right: 40, display: 'flex' }}>{action}</Box>}
    </Box>
  );
}
const headingSlots = { heading: PanelHeading };

/** One panel: its content is mounted only while it is open (cost follows what is on screen). */
const Panel = memo(function Panel(p: PanelProps) {
  const { section, expanded } = p;
  const itemPath = useMemo(() => [...p.fieldPathId.path, section.name], [p.fieldPathId, section.name]);
  const panelId = `${p.fieldPathId.$id}-${section.key}`;
  const { onRemove, controller } = p;
  const t = useConfiguratorT();
  // A row staff locked: read only, not removable, for anyone who may not lock rows (the server refuses it too).
  const locked = useValueAt(controller, p.lockable ? [...itemPath, 'disabled'] : null) === true;
  const readOnlyRow = locked && !p.canLock;
  const position = Number(section.name) + 1;
  const toggleLock = () => {
    const row = controller.store.getAt(itemPath);
    if (!row || typeof row !== 'object' || Array.isArray(row)) return;
    const { disabled: _was, ...rest } = row as Record<string, unknown>;
    controller.setAt(itemPath, locked ? rest : { ...rest, disabled: true });
  };
  const lockedLabel = t('form.rowLocked', { defaultValue: 'Locked by our team: this row cannot be changed, removed or moved.' });
  const lockToggleLabel = locked ? t('form.unlockRow', { defaultValue: 'Unlock row {{row}}', row: position }) : t('form.lockRow', { defaultValue: 'Lock row {{row}}', row: position });
  const lockAction = p.lockable && p.canLock ? (
    <Tooltip title={lockToggleLabel}>
      <IconButton size="small" aria-label={lockToggleLabel} onClick={toggleLock}>
        {locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  ) : readOnlyRow ? (
    <Tooltip title={lockedLabel}>
      <Box component="span" role="img" aria-label={lockedLabel} tabIndex={0} data-testid="row-locked" sx={{ display: 'inline-flex', p: 0.625, color: 'text.secondary' }}>
        <LockIcon fontSize="small" />
      </Box>
    </Tooltip>
  ) : null;
  const removeAction = onRemove && !readOnlyRow && (
    <IconButton size="small" aria-label={p.removeLabel} onClick={() => onRemove(Number(section.name))}>
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
  const actions = (lockAction ? 1 : 0) + (removeAction ? 1 : 0);
  const action = actions ? (
    <>
      {lockAction}
      {removeAction}
    </>
  ) : null;
  return (
    <PanelAction.Provider value={action}>
      <Accordion
        expanded={expanded}
        onChange={() => p.onToggle(section.key)}
        disableGutters
        slots={headingSlots}
        slotProps={{ transition: { unmountOnExit: true } }}
        // Closed panels off screen skip style, layout and paint.
        sx={expanded ? undefined : closedSx}
      >
        {/* MUI gives the content region the aria-controls id, labelled by the summary's id. */}
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${panelId}-summary`} aria-controls={panelId}>
          <Typography sx={{ flexGrow: 1 }}>
            {section.title ?? <ItemLabel controller={p.controller} itemPath={itemPath} index={Number(section.name)} title={p.title} options={p.labelOptions} />}
          </Typography>
          {/* The gap the heading places the action over. */}
          {action && <Box sx={{ width: ACTION_SIZE * actions, height: ACTION_SIZE, flexShrink: 0 }} />}
        </AccordionSummary>
        {expanded && (
          <AccordionDetails>
            <ChildField
              controller={p.controller}
              registry={p.registry}
              parentPathId={p.fieldPathId}
              name={section.name}
              schema={section.schema}
              uiSchema={section.uiSchema}
              required={section.required}
              disabled={p.disabled || readOnlyRow}
              readonly={p.readonly}
            />
          </AccordionDetails>
        )}
      </Accordion>
    </PanelAction.Provider>
  );
});

/**
 * `"ui:field": "accordion"`: an array's items or an object's properties as panels, one open at a time.
 * @example { "hours": { "ui:field": "accordion", "ui:options": { "labelKey": "name" } } }
 */
export function AccordionField(props: FieldProps) {
  const model = useSections(props);
  const t = useConfiguratorT();
  const options = getUiOptions(props.uiSchema);
  const { pageSize, limit, showMore } = usePageLimit(options);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | false>(() => (options.startClosed ? false : (model.sections[0]?.key ?? false)));
  const onToggle = useCallback((key: string) => setOpen((cur) => (cur === key ? false : key)), []);
  const labelOptions = useLabelOptions(options);
  // Long lists also get a filter on the labels.
  const matching = useFilteredSections(model.controller, props.fieldPathId.path, model.sections, labelOptions.labelKey, filter);
  const visible = useMemo(() => {
    const page = matching.slice(0, limit);
    const openOne = open === false ? undefined : matching.find((s) => s.key === open);
    return openOne && !page.includes(openOne) ? [...page, openOne] : page;
  }, [matching, limit, open]);
  const hidden = matching.length - Math.min(limit, matching.length);
  const editable = !props.disabled && !props.readonly;
  const canLock = editable && Boolean((props.registry.formContext as Partial<StageFormContext> | undefined)?.canLockRows);
  return (
    <Box className="stage-accordion" sx={{ mb: 2 }}>
      {model.title && props.uiSchema?.['ui:label'] !== false && (
        <Typography variant="h6" sx={{ mb: 1 }}>
          {model.title}
        </Typography>
      )}
      {model.sections.length > pageSize && model.isArray && labelOptions.labelKey && (
        <TextField
          size="small"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('form.filter', { defaultValue: 'Filter' })}
          slotProps={{ htmlInput: { 'aria-label': t('form.filter', { defaultValue: 'Filter' }) } }}
          sx={{ mb: 1 }}
        />
      )}
      {visible.map((section) => (
        <Panel
          key={section.key}
          controller={model.controller}
          registry={props.registry}
          fieldPathId={props.fieldPathId}
          section={section}
          expanded={open === section.key}
          onToggle={onToggle}
          onRemove={model.canRemove ? model.remove : undefined}
          title={model.title}
          labelOptions={labelOptions}
          disabled={props.disabled}
          readonly={props.readonly}
          removeLabel={t('form.remove', { defaultValue: 'Remove' })}
          lockable={model.isArray}
          canLock={canLock}
        />
      ))}
      <ShowMoreButton hidden={hidden} onClick={showMore} />
      {model.canAdd && (
        // The new item opens at once: the user added it to fill it in.
        <Button sx={{ mt: 1 }} onClick={() => setOpen(model.add())}>
          {t('form.add', { defaultValue: 'Add' })}
        </Button>
      )}
    </Box>
  );
}
