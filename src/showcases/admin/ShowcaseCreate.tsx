import { Create } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useCreatedThen } from '../../layout/useCreatedThen';
import { PageHeading } from '../../layout/PageHeading';
import { editPath } from './paths';
import { ShowcaseForm, toPostBody } from './ShowcaseForm';

/** `/backend/showcases/create` ('create posts'): a new post, a draft unless published here; then its edit page. */
export default function ShowcaseCreate() {
  const { t } = useTranslation(['common', 'errors']);
  const created = useCreatedThen(t('errors:posts.saved'), editPath);
  return (
    <>
      <PageHeading />
      <Create
        resource="posts"
        title={t('routes.createShowcases')}
        transform={toPostBody}
        record={{ post_status: 'draft', featured_media: null, gallery: [], taxonomies: [] }}
        mutationOptions={created}
      >
        <ShowcaseForm />
      </Create>
    </>
  );
}
