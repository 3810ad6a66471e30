import { downloadCSV, type Exporter } from 'react-admin';
import { toCsv } from '../data/csv';
import { termNames, type ProductRow } from './productRow';

/** CSV of the catalogue in list order (src/data/csv.ts: formula cells defused), through react-admin's exporter and downloadCSV. */
export const productExporter: Exporter<ProductRow> = (records) => {
  const rows = records.map((r) => ({
    position: r.order_column, id: r.id, name: r.name, cost: r.cost, cost_type: r.cost_type, discount: r.discount, fixed_setup_fee: r.fixed_setup_fee,
    cost_notes: r.cost_notes, region: termNames(r, 'region').join('; '), type: termNames(r, 'type').join('; '), children: r.children, parent: r.parent,
    addition: r.addition, add_by_default_in_agreement: r.add_by_default_in_agreement, description: r.description,
  }));
  downloadCSV(toCsv(rows, ['position', 'id', 'name']), 'products');
};
