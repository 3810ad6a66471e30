import type { ComponentType } from 'react';
import { useParams, type Params } from 'react-router-dom';

/**
 * The record a route's page shows, as a React key: its named parameters (`id`, `slug`, ...).
 * react-admin's splat (`*`, the tab of a tabbed form) is not part of the record.
 */
export function recordKey(params: Readonly<Params>): string {
  return JSON.stringify(Object.entries(params).filter(([name]) => name !== '*').sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * `Page`, mounted anew for every record it shows. A route's element stays mounted while only its
 * parameters change (a link, Back and Forward, or an address typed in the bar: a hash route never
 * reloads), so without this a page keeps the previous record's state: form values, the autosave
 * queue and the unsent-edits copy, an open history panel or conflict screen. A stage page once
 * showed one config's heading over another config's form and saved into that other config (issue
 * 23). With a new key nothing of the old record survives; what it had not sent yet stays in
 * browser storage under its own record (the stage editor keeps it there as it unmounts).
 */
export function keyedByRecord(Page: ComponentType): ComponentType {
  function KeyedByRecord() {
    return <Page key={recordKey(useParams())} />;
  }
  KeyedByRecord.displayName = `KeyedByRecord(${Page.displayName ?? Page.name ?? 'Page'})`;
  return KeyedByRecord;
}
