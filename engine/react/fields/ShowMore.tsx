import { useState } from 'react';
import Button from '@mui/material/Button';
import { useConfiguratorT } from '../i18n';

/** Items a long table or accordion shows before "Show more" (`ui:options.pageSize`). */
const DEFAULT_PAGE_SIZE = 25;

/**
 * How many items a long list (a large dealer group) shows: a page at a time, so the cost follows
 * what is on screen, not the number of items.
 * @example const paging = usePageLimit(getUiOptions(uiSchema)); items.slice(0, paging.limit)
 */
export function usePageLimit(options: Record<string, unknown>) {
  const pageSize = typeof options.pageSize === 'number' ? options.pageSize : DEFAULT_PAGE_SIZE;
  const [limit, setLimit] = useState(pageSize);
  return { pageSize, limit, setLimit, showMore: () => setLimit((l) => l + pageSize) };
}

/** The "Show N more" button under a paged list; nothing when all items show. */
export function ShowMoreButton({ hidden, onClick }: { hidden: number; onClick: () => void }) {
  const t = useConfiguratorT();
  if (hidden <= 0) return null;
  return (
    <Button sx={{ mt: 1, mr: 1 }} onClick={onClick}>
      {t('form.showMore', { defaultValue: 'Show {{count}} more', count: hidden })}
    </Button>
  );
}
