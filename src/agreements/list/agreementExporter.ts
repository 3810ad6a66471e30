import { downloadCSV, type Exporter } from 'react-admin';
import { toCsv } from '../../data/csv';
import type { AgreementListItem } from '../api';

/** CSV of the agreements in list order (src/data/csv.ts: formula cells defused); amounts in major units with their currency. */
export const agreementExporter: Exporter<AgreementListItem> = (records) => {
  const rows = records.map((r) => ({
    id: r.id, name: r.name, company: r.company_name, type: r.type, stage: r.stage, archived: r.archived, salesperson: r.salesperson?.name ?? '',
    currency: r.currency, contract_value: r.contract_value, monthly_contract_value: r.monthly_contract_value, lang: r.lang,
    created_at: r.created_at, updated_at: r.updated_at, sent_at: r.sent_at, signed_at: r.signed_at, expires_at: r.expires_at, expired: r.expired,
  }));
  downloadCSV(toCsv(rows, ['id', 'name', 'company']), 'agreements');
};
