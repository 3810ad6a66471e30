import { FormHelperText } from '@mui/material';
import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectInput, SimpleForm, TextInput, useInput, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { Post } from '../api';
import { POST_TAXONOMIES, usePostTerms, type PostTaxonomy } from '../terms';
import { FeaturedImageInput } from './FeaturedImageInput';
import { GalleryInput } from './GalleryInput';
import { POST_STATUSES } from './StatusChip';
import { httpUrl, maxChars, requiredField } from '../../forms/validators';
import { slugFormat } from './validate';
import { FormSection, WIDE } from '../../forms/FormSection';
import { APP_FORM } from '../../forms/appForm';

/** Text fields a write sends as typed, blank as null (the contract's writable fields). */
const TEXTS = ['post_title', 'post_excerpt', 'post_content', 'website_address'] as const;
const termsField = (taxonomy: PostTaxonomy) => `${taxonomy}_ids`;

/** The post as the form edits it: the images and terms as ids (the names the server's errors use). */
export function toFormRecord(record: RaRecord | undefined): RaRecord | undefined {
  if (!record) return record;
  const post = record as Post & { message?: string };
  const copy: RaRecord = {
    ...post,
    featured_media_id: post.featured_media?.id ?? null,
    gallery_ids: (post.gallery ?? []).map((m) => m.id),
    ...Object.fromEntries(POST_TAXONOMIES.map((tx) => [termsField(tx), (post.taxonomies ?? []).filter((t) => t.taxonomy === tx).map((t) => t.id)])),
  };
  // A write's answer carries its growl text; without it the refetched record is the same, so
  // react-admin does not reset what the user has started typing.
  delete copy.message;
  return copy;
}

/**
 * The form values as the API's write body (flat): blank texts as null, a blank slug left out (the
 * server makes one from the title, or keeps the current one), the images by id, the terms as one list.
 *
 * @example toPostBody({ post_title: 'A', slug: '', gallery_ids: [4, 2], region_ids: [7], make_ids: [], type_ids: [] }) // { post_title: 'A', gallery_ids: [4, 2], terms: [7] }
 */
export function toPostBody(values: Partial<RaRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of TEXTS) if (values[key] !== undefined) body[key] = typeof values[key] === 'string' && !values[key].trim() ? null : values[key];
  if (typeof values.slug === 'string' && values.slug.trim()) body.slug = values.slug.trim();
  if (values.post_status) body.post_status = values.post_status;
  if (values.featured_media_id !== undefined) body.featured_media_id = values.featured_media_id ?? null;
  if (Array.isArray(values.gallery_ids)) body.gallery_ids = values.gallery_ids.map(Number);
  if (POST_TAXONOMIES.some((tx) => values[termsField(tx)] !== undefined)) {
    body.terms = POST_TAXONOMIES.flatMap((tx) => (Array.isArray(values[termsField(tx)]) ? (values[termsField(tx)] as unknown[]).map(Number) : []));
  }
  return body;
}


/**
 * The server's error on the terms as a whole: its field is `terms`, not one of the three pickers, so
 * a value-less field of that name receives it (toPostBody writes `terms` from the pickers).
 */
function TermsError() {
  const translate = useTranslate();
  const { fieldState } = useInput({ source: 'terms' });
  const message = fieldState.error?.message;
  return message ? (
    <FormHelperText error role="alert" sx={WIDE}>
      {translate(String(message), { _: String(message) })}
    </FormHelperText>
  ) : null;
}

/**
 * Every writable field of a showcase post: title, slug, excerpt, content, status, website, the
 * featured image and the gallery from the shared media library, region / make / type terms.
 * Leaving with unsaved changes asks first.
 */
export function ShowcaseForm({ toolbar }: { toolbar?: React.ReactElement | false }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const formRecord = useMemo(() => toFormRecord(record), [record]);
  const terms = usePostTerms();
  const label = (field: string) => translate(`resources.posts.fields.${field}`);
  return (
    <SimpleForm record={formRecord} {...APP_FORM} toolbar={toolbar} sx={{ maxWidth: 1000 }}>
      <FormSection title={translate('showcasesAdmin.sections.post')}>
        <TextInput source="post_title" validate={[requiredField(label('post_title')), maxChars(200)]} sx={WIDE} />
        <TextInput source="slug" validate={[slugFormat, maxChars(255)]} helperText="showcasesAdmin.help.slug" />
        <SelectInput source="post_status" choices={POST_STATUSES.map((id) => ({ id, name: `showcasesAdmin.statuses.${id}` }))} validate={requiredField(label('post_status'))} helperText="showcasesAdmin.help.status" />
        <TextInput source="website_address" type="url" validate={[httpUrl, maxChars(255)]} helperText="showcasesAdmin.help.website" sx={WIDE} />
        <TextInput source="post_excerpt" multiline minRows={2} validate={maxChars(300)} helperText="showcasesAdmin.help.excerpt" sx={WIDE} />
        <TextInput source="post_content" multiline minRows={8} validate={maxChars(20000)} helperText="showcasesAdmin.help.content" sx={WIDE} />
      </FormSection>
      <FormSection title={translate('showcasesAdmin.sections.images')}>
        <FeaturedImageInput />
        <GalleryInput />
      </FormSection>
      <FormSection title={translate('showcasesAdmin.sections.terms')}>
        {POST_TAXONOMIES.map((tx) => (
          <AutocompleteArrayInput key={tx} source={termsField(tx)} choices={terms[tx]} translateChoice={false} />
        ))}
        <TermsError />
      </FormSection>
    </SimpleForm>
  );
}
