import BusinessIcon from '@mui/icons-material/Business';
import CloseIcon from '@mui/icons-material/Close';
import { Autocomplete, Box, Dialog, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../auth/permissions';
import type { CompanyChoice, SessionUser } from '../auth/types';
import { FRESH, answered } from '../data/queryPolicies';
import { useDebouncedValue } from '../data/useDebouncedValue';
import { http } from '../http';
import { useSession } from '../session/useSession';
import { OwnCompanySwitcher } from './OwnCompanySwitcher';

/**
 * Whether the user works across companies (staff: 'view companies' or 'manage configs', the
 * server's tenancy rule, server/db/tenancy.ts). Everyone else works in their current company and
 * switches only among their own (`OwnCompanySwitcher`), when they belong to more than one; with a
 * single company the switcher is hidden (spec section 6: "Company search is hidden when a user
 * belongs to a single company").
 */
export const worksAcrossCompanies = (user: Pick<SessionUser, 'roles'> | null | undefined) => hasPermission(user, ['view companies', 'manage configs']);

/** GET /companies as the company search (spec section 7): by name, the first ten. */
async function searchCompanies(q: string, signal?: AbortSignal): Promise<CompanyChoice[] | undefined> {
  const list = await http.get<CompanyChoice[]>('/companies', {
    cache: false,
    notify: false,
    signal,
    query: { filter: JSON.stringify(q ? { q } : {}), sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 9]) },
  });
  return list?.map(({ id, name }) => ({ id, name }));
}

interface SearchProps {
  onChosen?: () => void;
  autoFocus?: boolean;
  fullWidth?: boolean;
}

/** The search field's look, shared by the resting field and the live search. */
const fieldSx = (fullWidth: boolean) => (fullWidth ? undefined : { bgcolor: 'background.paper', borderRadius: 1 });
const widthSx = (fullWidth: boolean) => ({ width: fullWidth ? '100%' : { md: 240, lg: 300 } });

/**
 * The switcher at rest: the same field without MUI's Autocomplete, which took 50 ms of every staff
 * screen's first render in the profile of a cold load (issue 32), for a box most visits never
 * touch. The live search replaces it the moment the pointer comes over it or it takes the focus
 * (before the first key), and keeps the focus.
 */
function CompanySearchAtRest(props: SearchProps) {
  const { t } = useTranslation('dashboard');
  const { company } = useSession();
  const [live, setLive] = useState<'idle' | 'hover' | 'focus'>('idle');
  if (live !== 'idle') return <CompanySearch {...props} autoFocus={props.autoFocus || live === 'focus'} />;
  const fullWidth = props.fullWidth ?? false;
  return (
    <TextField
      size="small"
      variant="outlined"
      hiddenLabel
      placeholder={company ? company.name : t('switcher.placeholder')}
      onPointerEnter={() => setLive('hover')}
      onFocus={() => setLive('focus')}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <BusinessIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': t('switcher.label'), 'data-testid': 'company-switcher-input', role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list', autoFocus: props.autoFocus },
      }}
      sx={{ ...widthSx(fullWidth), ...fieldSx(fullWidth) }}
    />
  );
}

/** The search box: remote search as the user types (after a pause), arrows and Enter choose, the choice opens /dashboard/{id}. */
function CompanySearch({ onChosen, autoFocus = false, fullWidth = false }: SearchProps) {
  const { t } = useTranslation('dashboard');
  const { company } = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [open, setOpen] = useState(false);
  const { data = [], isFetching } = useQuery({
    queryKey: ['companies', 'switcher', q] as const,
    queryFn: async ({ signal }) => answered(await searchCompanies(q, signal)),
    enabled: open,
    ...FRESH,
    gcTime: 30_000,
  });
  return (
    <Autocomplete<CompanyChoice, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={data}
      value={null}
      inputValue={text}
      loading={isFetching}
      autoHighlight
      blurOnSelect
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      renderOption={(props, o) => (
        <li {...props} key={o.id} data-testid="company-switcher-option">
          {o.name}
        </li>
      )}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setText(v);
      }}
      onChange={(_e, chosen) => {
        if (!chosen) return;
        setText('');
        onChosen?.();
        navigate(`/dashboard/${chosen.id}`);
      }}
      noOptionsText={t('switcher.none')}
      loadingText={t('switcher.searching')}
      sx={widthSx(fullWidth)}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          variant="outlined"
          hiddenLabel
          placeholder={company ? company.name : t('switcher.placeholder')}
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <BusinessIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { ...params.inputProps, 'aria-label': t('switcher.label'), 'data-testid': 'company-switcher-input', autoFocus },
          }}
          sx={fieldSx(fullWidth)}
        />
      )}
    />
  );
}

/** Whether the top bar offers the company switcher: staff, or a user of more than one company (issue 54). */
export const switchesCompanies = (user: Pick<SessionUser, 'roles'> | null | undefined, companies: readonly unknown[] | undefined) =>
  worksAcrossCompanies(user) || (companies?.length ?? 0) > 1;

/**
 * The company switcher in the top bar. For staff: a search box on a wide screen, an icon button
 * opening the search in a dialog on a phone; choosing a company opens its dashboard, which makes it
 * the active company (routing/routeElements.tsx preloads it). For a user of several companies:
 * their own companies to choose from (OwnCompanySwitcher). Nobody else sees it.
 */
export function CompanySwitcher() {
  const { t, ready } = useTranslation('dashboard');
  const { user, companies } = useSession();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [dialog, setDialog] = useState(false);
  if (!ready || !switchesCompanies(user, companies)) return null;
  if (!worksAcrossCompanies(user)) return <OwnCompanySwitcher companies={companies ?? []} narrow={narrow} />;
  if (!narrow) {
    return (
      <Box role="search" aria-label={t('switcher.label')} data-testid="company-switcher">
        <CompanySearchAtRest />
      </Box>
    );
  }
  return (
    <>
      <Tooltip title={t('switcher.label')} disableFocusListener>
        <IconButton color="inherit" onClick={() => setDialog(true)} aria-label={t('switcher.label')} aria-haspopup="dialog" data-testid="company-switcher-button">
          <BusinessIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={dialog} onClose={() => setDialog(false)} fullWidth maxWidth="sm" sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }} aria-labelledby="company-switcher-title">
        <DialogTitle id="company-switcher-title" sx={{ pr: 6 }}>
          {t('switcher.label')}
          <IconButton onClick={() => setDialog(false)} aria-label={t('switcher.close')} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ pt: 1, minHeight: 320 }}>
          <Box role="search" aria-label={t('switcher.label')} data-testid="company-switcher" sx={{ pt: 1 }}>
            <CompanySearch autoFocus fullWidth onChosen={() => setDialog(false)} />
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
}
