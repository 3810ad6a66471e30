import { useState } from 'react';
import { Box, Card, CardActionArea, CardContent, Chip, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import type { ConfigRow } from '../../data/configs';
import type { ConfigAbilities } from '../dashboard/permissions';
import { ConfigProgress } from '../parts';

export interface ConfigRowCardProps {
  config: ConfigRow;
  can: ConfigAbilities;
  onOpen(config: ConfigRow): void;
  onArchive(config: ConfigRow): void;
  onDelete(config: ConfigRow): void;
}

/** One config of the list: name, company, progress, design type, status, last change, and its actions. */
export function ConfigRowCard({ config, can, onOpen, onArchive, onDelete }: ConfigRowCardProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const canArchive = can.create && config.status !== 'archived';
  const hasActions = canArchive || can.manage;
  const pick = (action: (c: ConfigRow) => void) => () => {
    setMenu(null);
    action(config);
  };
  return (
    <Card variant="outlined" data-testid="config-row" data-config-id={config.id} data-status={config.status} sx={{ display: 'flex', alignItems: 'stretch' }}>
      {/* Named by what it shows (name first), so speech users can say what they see (WCAG 2.5.3). */}
      <CardActionArea onClick={() => onOpen(config)} sx={{ flex: 1, minWidth: 0 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" noWrap data-testid="config-row-name">
              {config.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {config.company?.name}
              {config.design_type ? ` · ${t(`configPages.designTypes.${config.design_type}`, { defaultValue: config.design_type })}` : ''}
            </Typography>
          </Box>
          <Box sx={{ flex: '1 1 180px' }}>
            <ConfigProgress value={config.progress} />
          </Box>
          <Box sx={{ flex: '0 0 auto', display: 'flex', alignItems: 'center', gap: 1 }}>
            {config.status === 'archived' && <Chip size="small" label={t('configPages.status.archived')} data-testid="config-row-archived" />}
            {config.updated_at && (
              <Typography variant="body2" color="text.secondary" title={t('configPages.list.updated')}>
                {formatDate(config.updated_at)}
              </Typography>
            )}
          </Box>
        </CardContent>
      </CardActionArea>
      {hasActions && (
        <Box sx={{ display: 'flex', alignItems: 'center', pr: 0.5 }}>
          <IconButton
            aria-label={t('configPages.list.actions', { name: config.name })}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
            data-testid="config-row-actions"
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            {canArchive && (
              <MenuItem onClick={pick(onArchive)} data-testid="config-row-archive">
                {t('configPages.list.archive')}
              </MenuItem>
            )}
            {can.manage && (
              <MenuItem onClick={pick(onDelete)} sx={{ color: 'error.main' }} data-testid="config-row-delete">
                {t('configPages.list.delete')}
              </MenuItem>
            )}
          </Menu>
        </Box>
      )}
    </Card>
  );
}
