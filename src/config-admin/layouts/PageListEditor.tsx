import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PAGE_TEMPLATES, type PageTemplate } from '../../../contract/adminconfigs';
import { LocalNamesInput } from '../../forms/LocalNamesInput';
import type { DraftPage } from './api';

export interface PageListEditorProps {
  pages: DraftPage[];
  onChange: (pages: DraftPage[]) => void;
  /** The server's field errors by field (`pages.1.name`, `pages.0.sections.2`). */
  errors?: Record<string, string>;
  disabled?: boolean;
}

export const newPage = (): DraftPage => ({ name: '', names: {}, template: 'standard', sections: [], notes: '' });

/** Sections as the box shows them (one a line) and back (blank lines dropped only when saved). */
const sectionsText = (sections: string[]) => sections.join('\n');
const sectionsOf = (text: string) => text.split('\n');

/**
 * The ordered pages of an internal page layout, each editable in place (name, template, sections
 * one a line, notes; the name's words per locale under it), with add, remove and move up / down (buttons, so the order is keyboard
 * operable and each button names its page). Field errors of the server show under their fields.
 */
export function PageListEditor({ pages, onChange, errors = {}, disabled }: PageListEditorProps) {
  const { t } = useTranslation(['configAdmin', 'configurator']);
  const set = (index: number, page: DraftPage) => onChange(pages.map((p, i) => (i === index ? page : p)));
  const move = (from: number, to: number) => {
    const next = [...pages];
    const [page] = next.splice(from, 1);
    next.splice(to, 0, page);
    onChange(next);
  };
  const label = (page: DraftPage, index: number) => page.name.trim() || t('pages.unnamed', { n: index + 1 });
  const sectionError = (index: number) => Object.entries(errors).find(([field]) => field.startsWith(`pages.${index}.sections`))?.[1];
  return (
    <Stack spacing={1.5} data-testid="page-list-editor">
      <Typography variant="subtitle1" component="h3">
        {t('pages.title')}
      </Typography>
      {pages.length === 0 && <Typography color="text.secondary">{t('pages.empty')}</Typography>}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('pages.title')}>
        {pages.map((page, index) => (
          <Paper component="li" variant="outlined" key={page.id ?? `new-${index}`} sx={{ p: 1.5 }} data-testid="layout-page">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 24 }} aria-hidden>
                {index + 1}.
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 500, flexGrow: 1 }} data-testid="layout-page-title">
                {label(page, index)}
              </Typography>
              <Tooltip title={t('pages.up', { name: label(page, index) })}>
                <span>
                  <IconButton size="small" aria-label={t('pages.up', { name: label(page, index) })} disabled={disabled || index === 0} onClick={() => move(index, index - 1)}>
                    <KeyboardArrowUpIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('pages.down', { name: label(page, index) })}>
                <span>
                  <IconButton size="small" aria-label={t('pages.down', { name: label(page, index) })} disabled={disabled || index === pages.length - 1} onClick={() => move(index, index + 1)}>
                    <KeyboardArrowDownIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('pages.remove', { name: label(page, index) })}>
                <span>
                  <IconButton size="small" color="error" aria-label={t('pages.remove', { name: label(page, index) })} disabled={disabled} onClick={() => onChange(pages.filter((_, i) => i !== index))}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <TextField
                label={t('pages.name')}
                value={page.name}
                required
                disabled={disabled}
                onChange={(e) => set(index, { ...page, name: e.target.value })}
                error={Boolean(errors[`pages.${index}.name`])}
                helperText={errors[`pages.${index}.name`]}
                slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'page-name' } }}
              />
              <TextField
                select
                label={t('pages.template')}
                value={page.template}
                disabled={disabled}
                onChange={(e) => set(index, { ...page, template: e.target.value as PageTemplate })}
                slotProps={{ htmlInput: { 'data-testid': 'page-template' } }}
              >
                {PAGE_TEMPLATES.map((template) => (
                  <MenuItem key={template} value={template}>
                    {t(`configurator:pageTemplates.${template}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <LocalNamesInput value={page.names} onChange={(names) => set(index, { ...page, names })} errors={errors} field={`pages.${index}.names`} disabled={disabled} testId="page-names" />
              </Box>
              <TextField
                label={t('pages.sections')}
                value={sectionsText(page.sections)}
                multiline
                minRows={2}
                disabled={disabled}
                onChange={(e) => set(index, { ...page, sections: sectionsOf(e.target.value) })}
                error={Boolean(sectionError(index))}
                helperText={sectionError(index) ?? t('pages.sectionsHelp')}
              />
              <TextField
                label={t('pages.notes')}
                value={page.notes}
                multiline
                minRows={2}
                disabled={disabled}
                onChange={(e) => set(index, { ...page, notes: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Box>
          </Paper>
        ))}
      </Stack>
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...pages, newPage()])} disabled={disabled} data-testid="page-add">
          {t('pages.add')}
        </Button>
      </Box>
    </Stack>
  );
}
