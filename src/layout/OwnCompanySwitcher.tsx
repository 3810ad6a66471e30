import BusinessIcon from '@mui/icons-material/Business';
import { IconButton, InputAdornment, ListItemText, Menu, MenuItem, TextField, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CompanyChoice } from '../auth/types';
import { growl } from '../session/notifier';
import { session } from '../session/session';
import { useSession } from '../session/useSession';

/**
 * Switches to one of the user's own companies (issue 54), for a user held to their companies who
 * belongs to more than one: the server makes it their current company (PUT
 * /users/current/company), which every request then acts on and which is kept for them. No search
 * of other companies: only theirs are offered. The screens are read again: the session forgets
 * every kept answer (session.ts switchCompany), the app goes to the dashboard of the new company,
 * and the reads still shown (the top bar's) are asked again.
 */
export function OwnCompanySwitcher({ companies, narrow }: { companies: CompanyChoice[]; narrow: boolean }) {
  const { t } = useTranslation('dashboard');
  const { company } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = async (id: number) => {
    setAnchor(null);
    if (busy || id === company?.id) return;
    setBusy(true);
    try {
      const current = await session.switchCompany(id);
      if (!current) return;
      navigate('/dashboard');
      // After the navigation has rendered: what is still shown is read again for the new company.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await queryClient.invalidateQueries({ refetchType: 'active' });
      if (current.company) growl(t('switcher.switched', { name: current.company.name }), 'success');
    } catch {
      // The HTTP client has shown the refusal; the current company stays.
    } finally {
      setBusy(false);
    }
  };

  if (narrow) {
    return (
      <>
        <Tooltip title={t('switcher.label')} disableFocusListener>
          <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('switcher.label')} aria-haspopup="menu" disabled={busy} data-testid="company-switcher-button">
            <BusinessIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} data-testid="company-switcher">
          {companies.map((c) => (
            <MenuItem key={c.id} selected={c.id === company?.id} onClick={() => void choose(c.id)} data-testid="company-switcher-option">
              <ListItemText>{c.name}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      hiddenLabel
      value={company && companies.some((c) => c.id === company.id) ? company.id : ''}
      onChange={(e) => void choose(Number(e.target.value))}
      disabled={busy}
      data-testid="company-switcher"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <BusinessIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        select: { inputProps: { 'aria-label': t('switcher.label') }, SelectDisplayProps: { 'aria-label': t('switcher.label'), 'data-testid': 'company-switcher-input' } as object },
      }}
      sx={{ width: { md: 240, lg: 300 }, bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {companies.map((c) => (
        <MenuItem key={c.id} value={c.id} data-testid="company-switcher-option">
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
