// The structured editor holding its draft as the stage editor page does, for the jsdom tests.
import { useState } from 'react';
import { StructuredEditor } from '../../../../src/config-admin/fields/StructuredEditor';
import type { StageDraftValue } from '../../../../src/config-admin/fields/model/types';

/** The editor with its own draft; every change is also kept in `seen` (the tests read the last). */
export function HeldEditor({ start, seen }: { start: StageDraftValue; seen: StageDraftValue[] }) {
  const [draft, setDraft] = useState(start);
  return (
    <StructuredEditor
      draft={draft}
      onChange={(next) => {
        seen.push(next);
        setDraft(next);
      }}
    />
  );
}
