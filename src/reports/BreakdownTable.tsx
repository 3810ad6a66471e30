import { useTranslation } from 'react-i18next';
import { NumbersTable } from './NumbersTable';
import { RAG_ORDER, formatCount } from './reportFormat';
import { breakdownTotals, type BreakdownLine } from './reportTables';

/** The breakdown's numbers: a row per status, a column per RAG and the total, a totals row. */
export function BreakdownTable({ lines, labelledBy }: { lines: BreakdownLine[]; labelledBy: string }) {
  const { t, i18n } = useTranslation('reports');
  const n = (v: number) => formatCount(v, i18n.language);
  const totals = breakdownTotals(lines);
  return (
    <NumbersTable
      labelledBy={labelledBy}
      testId="breakdown-table"
      rowHeader={t('breakdown.status')}
      columns={[...RAG_ORDER.map((rag) => t(`rag.${rag}`)), t('breakdown.total')]}
      rows={lines.map((l) => ({ key: l.status, header: t(`status.${l.status}`), cells: [...RAG_ORDER.map((rag) => n(l[rag])), n(l.total)] }))}
      footer={{ header: t('breakdown.total'), cells: [...RAG_ORDER.map((rag) => n(totals[rag])), n(totals.total)] }}
    />
  );
}
