import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { Alert, Box, Button, InputAdornment, MenuItem, Pagination, Skeleton, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../data/useDebouncedValue';
import { LoadingBar } from '../layout/LoadingBar';
import { PageHeading } from '../layout/PageHeading';
import { CARD_GRID } from './parts';
import { ShowcaseCard } from './ShowcaseCard';
import { usePostTerms, type TermChoice } from './terms';
import { useShowcasePage } from './useShowcasePage';

const PER_PAGE = 12;
/** The search asks 300 ms after typing stops. */
const SEARCH_DELAY_MS = 300;

function TermFilter({ label, value, choices, onChange, testId }: { label: string; value: number | ''; choices: TermChoice[]; onChange: (v: number | '') => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ flex: { xs: '1 1 140px', sm: '0 1 200px' }, minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('showcases.filters.any')}</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Empty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} data-testid="showcases-empty">
      <StorefrontIcon sx={{ fontSize: 64, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t(filtered ? 'showcases.empty.filteredTitle' : 'showcases.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(filtered ? 'showcases.empty.filteredText' : 'showcases.empty.text')}
      </Typography>
      {filtered ? (
        <Button variant="outlined" onClick={onClear}>
          {t('showcases.filters.clear')}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * `/showcases` (any signed-in user): the live releases, newest published first, as a grid of cards
 * that open the post; search (300 ms after typing stops) and region / make filters; pages of 12.
 */
export default function ShowcasesPage() {
  const { t } = useTranslation();
  const terms = usePostTerms();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [region, setRegion] = useState<number | ''>('');
  const [make, setMake] = useState<number | ''>('');
  // The page belongs to the search it was chosen in: a new search starts on the first page.
  const [paging, setPaging] = useState({ q, page: 0 });
  const page = paging.q === q ? paging.page : 0;
  const setPage = (next: number) => setPaging({ q, page: next });
  const { rows, total, failed } = useShowcasePage({ q, region: region || null, make: make || null, page, perPage: PER_PAGE });
  const filtered = Boolean(q || region || make);
  const pages = Math.ceil(total / PER_PAGE);
  const clear = () => {
    setTyped('');
    setQ('');
    setRegion('');
    setMake('');
    setPage(0);
  };

  return (
    <Box data-testid="showcases-page" data-ready={rows ? 'true' : undefined} sx={{ maxWidth: 1200 }}>
      <PageHeading />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('showcases.intro')}
      </Typography>
      <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          size="small"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('showcases.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('showcases.search'), 'data-testid': 'showcases-search' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
        />
        <TermFilter label={t('showcases.filters.region')} value={region} choices={terms.region} onChange={(v) => { setRegion(v); setPage(0); }} testId="showcases-region" />
        <TermFilter label={t('showcases.filters.make')} value={make} choices={terms.make} onChange={(v) => { setMake(v); setPage(0); }} testId="showcases-make" />
      </Box>
      {!rows && <LoadingBar sx={{ mb: 2 }} />}
      {failed && <Alert severity="error">{t('showcases.loadFailed')}</Alert>}
      {rows?.length === 0 && !failed && <Empty filtered={filtered} onClear={clear} />}
      {rows ? (
        <Box component="ul" sx={CARD_GRID} aria-label={t('showcases.listLabel')} data-testid="showcases-grid">
          {rows.map((post) => (
            <ShowcaseCard key={post.id} post={post} />
          ))}
        </Box>
      ) : (
        <Box component="ul" sx={CARD_GRID} aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Box component="li" key={i} sx={{ listStyle: 'none' }}>
              <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
              <Skeleton width="70%" height={32} />
              <Skeleton width="90%" />
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_, next) => {
            setPage(next - 1);
            window.scrollTo({ top: 0 });
          }}
          getItemAriaLabel={(type, n, selected) => (type === 'page' ? t(selected ? 'showcases.pagination.current' : 'showcases.pagination.page', { page: n }) : t(`showcases.pagination.${type}`))}
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          data-testid="showcases-pagination"
        />
      )}
    </Box>
  );
}
