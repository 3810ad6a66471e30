import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FieldAddonsProvider, type FieldAddons } from '../../engine/react';
import type { Translate } from '../../engine';
import { HttpClient } from '../../src/http/client';
import { createReviewApi, type ReviewThread } from '../../src/configurator/review/api';
import { FieldMarker } from '../../src/configurator/review/FieldMarker';
import { OverviewStageReview } from '../../src/configurator/review/OverviewStageReview';
import { stageSummary } from '../../src/configurator/dashboard/summary';
import { shownPointers, StageSummaryView, SummaryAside } from '../../src/configurator/dashboard/SummaryView';
import { RequestChangesDialog } from '../../src/configurator/review/RequestChanges';
import { ThreadPanelBody } from '../../src/configurator/review/ThreadPanel';
import { ThreadView, type ReviewViewer, type ThreadActions } from '../../src/configurator/review/ThreadView';
import { StoryForm } from '../support/StoryForm';

/** Review comments on a stage's fields (issue 55): a thread, the marker beside a field, the request for changes. */
const meta = {
  title: 'Configurator/Review',
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const NOW = Date.parse('2026-11-30T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const pat = { id: 7, name: 'Pat Project', avatar: null };
const dana = { id: 3, name: 'Dana Dealer', avatar: null };
const people = [pat, dana, { id: 9, name: 'Alex Account', avatar: null }];

const comment = (id: number, author: typeof pat | null, body: string, minutes: number, extra: Partial<ReviewThread['comments'][number]> = {}) => ({
  id, thread_id: 1, author, body, created_at: ago(minutes), edited_at: null, deleted: false, editable_until: ago(minutes - 10), ...extra,
});

const openThread: ReviewThread = {
  id: 1, config_id: 1, stage: 'locations', pointer: '/locations/0/postcode', orphaned: false, status: 'open', created_by: pat, created_at: ago(180), resolved_by: null, resolved_at: null,
  comments: [
    comment(11, pat, 'The **postcode** of Wisbech looks wrong: should it be `PE13 1AA`? @[Dana Dealer](user:3), could you check?', 180, { edited_at: ago(176) }),
    comment(12, dana, 'Checking with the site manager.', 95, { deleted: true, body: '' }),
    comment(13, dana, 'Yes, it is PE13 1AA. Fixed, thanks @[Pat Project](user:7)!', 4, { editable_until: new Date(NOW + 6 * 60_000).toISOString() }),
  ],
};
const resolvedThread: ReviewThread = {
  ...openThread, id: 2, pointer: '/locations/0/phone', status: 'resolved', resolved_by: pat, resolved_at: ago(60),
  comments: [comment(21, pat, 'Please add the area code.', 300), comment(22, dana, 'Added.', 120)],
};

const yes = async () => true;
const actions: ThreadActions = { reply: yes, edit: yes, remove: yes, resolve: yes, reopen: yes };
const reviewer: ReviewViewer = { userId: 7, canComment: true, canReview: true, people, now: NOW };
const dealer: ReviewViewer = { userId: 3, canComment: true, canReview: false, people, now: NOW };

const frame = (children: React.ReactNode) => <Paper variant="outlined" sx={{ p: 2, maxWidth: 460 }}>{children}</Paper>;

/** A thread on a field: replies, a mention, an edited and a deleted comment; the reviewer may resolve it. */
export const Thread: Story = { render: () => frame(<ThreadView thread={openThread} viewer={reviewer} actions={actions} />) };

/** The same thread as the dealer reads it: their own last comment can still be edited, no Resolve. */
export const ThreadAsDealer: Story = { render: () => frame(<ThreadView thread={openThread} viewer={dealer} actions={actions} />) };

/** A resolved thread: who resolved it and when; the reviewer may reopen it. */
export const ThreadResolved: Story = { render: () => frame(<ThreadView thread={resolvedThread} viewer={reviewer} actions={actions} />) };

/** The panel a marker opens (a popover beside the field; a bottom drawer on phones). */
export const Panel: Story = {
  render: () => frame(<ThreadPanelBody label="Locations › Wisbech › Postcode" threads={[openThread, resolvedThread]} viewer={reviewer} actions={actions} onStart={yes} onClose={() => {}} />),
};

/** The panel of a field without a thread: a box to start one. */
export const PanelNew: Story = { render: () => frame(<ThreadPanelBody label="Town" threads={[]} viewer={reviewer} actions={actions} onStart={yes} onClose={() => {}} />) };

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Location name' },
    postcode: { type: 'string', title: 'Postcode' },
    phone: { type: 'string', title: 'Phone' },
  },
};
const data = { name: 'Wisbech', postcode: 'PE13 1XX', phone: '01945 000000' };

/** A small form whose fields get markers through the engine's FieldAddons slot, as the stage page gives them. */
function Marked({ counts, canAdd }: { counts: Record<string, { open: number; total: number }>; canAdd: boolean }) {
  const addons = useMemo<FieldAddons>(
    () => ({
      render: ({ pointer, label, kind }) => {
        const at = counts[pointer] ?? { open: 0, total: 0 };
        if (at.total === 0 && !(canAdd && kind === 'value')) return null;
        return <FieldMarker pointer={pointer} label={label} open={at.open} total={at.total} canAdd={canAdd} onOpen={() => {}} />;
      },
    }),
    [counts, canAdd],
  );
  return (
    <Box sx={{ maxWidth: 560 }}>
      <FieldAddonsProvider value={addons}>
        <StoryForm schema={schema} data={data} />
      </FieldAddonsProvider>
    </Box>
  );
}

/** Two open threads on Postcode, one resolved on Phone; "Add a comment" shows on hover or focus of Location name. */
export const FieldMarkers: Story = { render: () => <Marked counts={{ '/postcode': { open: 2, total: 2 }, '/phone': { open: 0, total: 1 } }} canAdd /> };

/** No comments: a reader who may comment sees only the faint "Add a comment" beside each field. */
export const FieldMarkersNone: Story = { render: () => <Marked counts={{}} canAdd /> };

/** "Request changes": an optional message and the open threads that go back to the dealer with the stage. */
export const RequestChanges: Story = {
  render: () => (
    <>
      <Typography component="p">Locations (submitted)</Typography>
    <RequestChangesDialog
      open
      stageTitle="Locations"
      threads={[
        { id: 1, label: 'Locations › Wisbech › Postcode', text: 'The postcode of Wisbech looks wrong: should it be PE13 1AA?' },
        { id: 4, label: 'This section as a whole', text: 'Please add the opening hours of the service department.' },
      ]}
      onClose={() => {}}
      onConfirm={yes}
    />
    </>
  ),
};

/** A request for changes with no open thread: the message says what to change. */
export const RequestChangesNoThreads: Story = {
  render: () => (
    <>
      <Typography component="p">Locations (submitted)</Typography>
      <RequestChangesDialog open stageTitle="Locations" threads={[]} onClose={() => {}} onConfirm={yes} />
    </>
  ),
};

/** A review API whose writes all succeed, without a server (the story's threads stay as given). */
const storyApi = createReviewApi(new HttpClient('/api', undefined, async () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } })));
const locationsDoc = {
  franchises: { franchises: [{ id: 'fKia', name: 'Kia' }] },
  locations: {
    locations: [
      { id: 'l1Wis', name: 'Wisbech', address: { line1: '1 High Street', town: 'Wisbech', country: 'GB' }, postcode: 'PE13 1XX', franchises: ['fKia'] },
      { id: 'l2Ely', name: 'Ely', address: { line1: '2 Market Street', town: 'Ely', country: 'GB' }, postcode: 'CB7 4LS', franchises: ['fKia'] },
    ],
  },
};
const townThread: ReviewThread = { ...openThread, id: 3, pointer: '/locations/1/address/town', comments: [comment(31, pat, 'Is this the showroom\'s town or the head office\'s?', 30)] };
const wholeStage: ReviewThread = { ...openThread, id: 4, pointer: '', comments: [comment(41, pat, 'Please add the service department\'s opening hours.', 20)] };
const reviewerUser = { id: 7, roles: [{ id: 1, name: 'Project manager', permissions: ['view configs', 'comment configs', 'review configs'].map((name, i) => ({ id: i + 1, name })) }] };

/** The overview's Locations card: markers beside the rows with threads, by the heading for whole-stage ones. */
function OverviewCard() {
  const { t } = useTranslation(['common', 'configurator']);
  const [queryClient] = useState(() => new QueryClient());
  const fields = useMemo(() => stageSummary('locations', locationsDoc, t as Translate), [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <OverviewStageReview configId={1} stage="locations" stageState="submitted" user={reviewerUser} labelFor={(p) => p} threads={[openThread, resolvedThread, townThread, wholeStage]} shown={shownPointers(fields)} api={storyApi}>
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h3">
              Locations
            </Typography>
            <SummaryAside pointer="" label="Locations" kind="group" />
          </Box>
          <StageSummaryView fields={fields} />
        </Paper>
      </OverviewStageReview>
    </QueryClientProvider>
  );
}

/**
 * On the overview (read only): Wisbech's postcode has an open thread and a resolved one, Ely's town
 * one (by its address, shown on one line), and the stage one as a whole (by its heading). Each
 * marker opens the stage page's thread panel.
 */
export const OverviewMarkers: Story = { render: () => <OverviewCard /> };
