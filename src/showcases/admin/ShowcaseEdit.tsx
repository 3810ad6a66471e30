import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Button, Stack } from '@mui/material';
import { DeleteButton, Edit, SaveButton, Toolbar, useNotify, useRecordContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../layout/PageHeading';
import { showcasePath } from '../paths';
import { LIST_PATH } from './paths';
import { ShowcaseForm, toPostBody } from './ShowcaseForm';
import { DeferredRecord } from '../../layout/DeferredRecord';

/** "View": the post as readers see it (a draft only to staff). */
function ViewButton() {
  const { t } = useTranslation();
  const record = useRecordContext<{ slug?: string }>();
  if (!record?.slug) return null;
  return (
    <Button component={RouterLink} to={showcasePath(record.slug)} startIcon={<VisibilityIcon />} data-testid="showcase-view">
      {t('showcasesAdmin.view')}
    </Button>
  );
}

function EditToolbar() {
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <SaveButton />
        <ViewButton />
      </Stack>
      <DeleteButton
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          // The catalogue's words (spec section 8), then back to the list.
          onSuccess: () => {
            notify(t('errors:posts.deleted'), { type: 'success' });
            navigate(LIST_PATH);
          },
        }}
      />
    </Toolbar>
  );
}

/**
 * `/backend/showcases/edit/{id}` ('edit posts'): every field of the post; 'Post Saved' (pessimistic,
 * so the server's field messages land on the inputs); View; Delete (confirmed) with 'Post Deleted'.
 */
export default function ShowcaseEdit() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['common', 'errors']);
  const notify = useNotify();
  return (
    <>
      <PageHeading />
      <Edit
        resource="posts"
        id={id}
        actions={false}
        mutationMode="pessimistic"
        transform={toPostBody}
        redirect={false}
        queryOptions={{ meta: { cache: false } }}
        mutationOptions={{ meta: { cache: false }, onSuccess: () => notify(t('errors:posts.saved'), { type: 'success' }) }}
      >
        <DeferredRecord>
          <ShowcaseForm toolbar={<EditToolbar />} />
        </DeferredRecord>
      </Edit>
    </>
  );
}
