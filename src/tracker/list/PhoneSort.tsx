import { MenuItem, TextField } from '@mui/material';
import { useListContext } from 'react-admin';
import { useTranslation } from 'react-i18next';

/** The orders a phone offers (the table's sortable columns, each in the direction people ask for). */
const ORDERS = [
  ['launch_date', 'ASC'],
  ['launch_date', 'DESC'],
  ['name', 'ASC'],
  ['company_name', 'ASC'],
  ['complete_percentage', 'DESC'],
  ['complete_percentage', 'ASC'],
  ['updated_at', 'DESC'],
] as const;

/**
 * On a phone the projects are cards with no column headers to click: this select sorts them, in the
 * list's own sort (kept in the address like the table's), so "launching soonest" or "least
 * complete first" is one choice away.
 */
export function PhoneSort() {
  const { t } = useTranslation('tracker');
  const { sort, setSort } = useListContext();
  const value = `${sort.field}_${sort.order}`;
  const known = ORDERS.some(([field, order]) => `${field}_${order}` === value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('list.sort.label')}
      value={known ? value : ''}
      onChange={(event) => {
        const [field, order] = ORDERS.find(([f, o]) => `${f}_${o}` === event.target.value) ?? ORDERS[0];
        setSort({ field, order });
      }}
      sx={{ mx: 2, my: 1, width: 'auto', display: 'flex' }}
      slotProps={{ htmlInput: { 'data-testid': 'projects-sort' } }}
    >
      {ORDERS.map(([field, order]) => (
        <MenuItem key={`${field}_${order}`} value={`${field}_${order}`}>
          {t(`list.sort.${field}_${order}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
