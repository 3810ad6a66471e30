import { useTranslation } from 'react-i18next';
import { MediaPickerDialog } from '../../forms/MediaPickerDialog';
import type { PostMedia } from '../api';

/**
 * Only the shared library's images (company_id null): every signed-in user of every company reads a
 * post, and the server refuses a company's file (GET /media's `usable_by: 'new'` is "shared only").
 */
export const SHARED_IMAGES = { mime: 'image', usable_by: 'new' } as const;

type Picked = PostMedia & { id: number };

export interface SharedImagePickerProps {
  open: boolean;
  title: string;
  /** Several images (the gallery: confirmed with a button) or one (the featured image: a click picks it). */
  multiple?: boolean;
  /** What is chosen now (shown ticked). */
  selected: PostMedia[];
  onClose(): void;
  onDone(items: PostMedia[]): void;
}

/** The media picker over the shared library's images, for a showcase's featured image and gallery. */
export function SharedImagePicker({ selected, onDone, ...rest }: SharedImagePickerProps) {
  const { t } = useTranslation();
  return (
    <MediaPickerDialog<Picked>
      {...rest}
      selected={selected as Picked[]}
      onDone={onDone}
      filter={SHARED_IMAGES}
      texts="showcasesAdmin.picker"
      intro={t('showcasesAdmin.picker.shared')}
      testId="media-picker"
      choiceTestId="media-choice"
    />
  );
}
