import { memo, useCallback, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { withTheme, type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { MediaInputProps, RemoteSearch, StageFormContext } from './context';
import type { SaveState, StageControllerOptions } from './controller';
import { countErrors, errorText, type FieldErrorLike } from './errors';
import { titlesIntoUiSchema, translateSchema, translateUiSchema, useConfiguratorT } from './i18n';
import { ownedSplit, findOwnedPaths } from './owned';
import { StageFormBase, useStageContext } from './StageFormBase';
import { STORE_BACKED_FIELDS } from './fields/names';
import { useDerived } from './fields/useStore';
import { stageTheme } from './theme';
import { defaultEngine, formValidator, getStageUi } from './engineAdapter';

/** The @rjsf/mui Form with our one registry merged over rjsf's defaults. */
export const ThemedForm = withTheme(stageTheme);

export interface StageFormProps extends Omit<StageControllerOptions, 'engine'> {
  /** Schema and uiSchema; default: the stage file of `slug` from the engine's catalogue. */
  stage?: { schema: RJSFSchema; uiSchema?: UiSchema };
  engine?: StageControllerOptions['engine'];
  /** Remote search functions for `remoteSelect` widgets, by `ui:options.source`. */
  searchers?: Record<string, RemoteSearch>;
  /** The media library input for `media` widgets (the app supplies its picker and upload). */
  mediaInput?: ComponentType<MediaInputProps>;
  /** The address of an app route for links in the form (`displayText`'s `link`); default: the path itself. */
  linkHref?: (path: string) => string;
  /** The viewer is staff ('manage configs'): may lock and unlock table rows (a dealer sees them read only). */
  canLockRows?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  /** Hide the Save / Submit buttons (e.g. a read-only view). */
  hideActions?: boolean;
  /** Extra content after the buttons. */
  children?: ReactNode;
}

// Memoised: the page around the form renders again on its own changes (a save's status), and the
// form below must not (pass stable children to keep it so).
const StageFormView = memo(function StageFormView(props: Omit<StageFormProps, keyof StageControllerOptions | 'engine'> & { slug: string; engine: StageControllerOptions['engine'] }) {
  const controller = useStageContext();
  const t = useConfiguratorT();
  const raw = useMemo(() => props.stage ?? getStageUi(props.slug), [props.stage, props.slug]);
  // The fields' titles travel in the uiSchema (`ui:title`), not the schema: new texts (a language,
  // a label typed in the stage editor's preview) leave rjsf's root schema as it was, so only the
  // fields whose words changed draw themselves again (engine/react/i18n.ts).
  const schema = useMemo(() => translateSchema(raw.schema, t, 'ui'), [raw.schema, t]);
  const uiSchema = useMemo(() => titlesIntoUiSchema(raw.schema, translateUiSchema(raw.uiSchema ?? {}, t), t), [raw.schema, raw.uiSchema, t]);
  // Kept while the same fields own their data: the uiSchema is a new object for new texts alone.
  const owned = JSON.stringify(findOwnedPaths(uiSchema, STORE_BACKED_FIELDS));
  const split = useMemo(() => ownedSplit(JSON.parse(owned) as string[][]), [owned]);
  // Precompiled for catalogue stages (no eval under the CSP); an engine may bring its own (devEngine).
  const { engine, slug } = props;
  const validator = useMemo(() => (engine.formValidator ?? formValidator)(slug, schema), [engine, slug, schema]);

  // The root Form sees only data no store-backed field owns: a keystroke in a big grid leaves it untouched.
  const readData = useCallback(() => controller.store.getData(), [controller]);
  const readErrors = useCallback(() => controller.store.getState().errors, [controller]);
  const view = useDerived(controller, readData, split.view);
  const extraErrors = useDerived(controller, readErrors, split.view) as ErrorSchema;
  const allErrors = useSyncExternalStore(controller.store.subscribe, readErrors, readErrors);
  const saving = useSyncExternalStore(
    controller.store.subscribe,
    () => controller.store.getState().saving,
    () => controller.store.getState().saving,
  );
  const [failed, setFailed] = useState(false);

  const formContext = useMemo<StageFormContext>(
    () => ({ controller, searchers: props.searchers, mediaInput: props.mediaInput, linkHref: props.linkHref, canLockRows: props.canLockRows, company: engine.company }),
    [controller, props.searchers, props.mediaInput, props.linkHref, props.canLockRows, engine.company],
  );
  const onChange = useCallback(
    (e: IChangeEvent) => controller.replaceData(split.merge(e.formData, controller.getData())),
    [controller, split],
  );
  const save = useCallback(
    async (state: SaveState) => {
      const ok = await controller.save(state);
      setFailed(!ok);
    },
    [controller],
  );
  const errorCount = countErrors(allErrors);
  return (
    <ThemedForm
      schema={schema}
      uiSchema={uiSchema}
      formData={view}
      formContext={formContext}
      validator={validator}
      onChange={onChange}
      onSubmit={() => void save('submitted')}
      extraErrors={extraErrors}
      noValidate
      showErrorList={false}
      disabled={props.disabled}
      readonly={props.readonly}
      idPrefix={props.slug}
    >
      {failed && errorCount > 0 && (
        <Alert severity="error" sx={{ my: 2 }}>
          {t('validation:generic.incomplete', { defaultValue: 'Please make sure that all required fields are complete.' })}
        </Alert>
      )}
      {!props.hideActions && !props.readonly && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button variant="outlined" disabled={saving || props.disabled} onClick={() => void save('draft')}>
            {t('form.save', { defaultValue: 'Save' })}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || props.disabled}>
            {t('form.submit', { defaultValue: 'Submit' })}
          </Button>
        </Box>
      )}
      {props.children}
    </ThemedForm>
  );
});

/**
 * The stage form: StageFormBase (controller) + @rjsf/mui with the one registry. Every edit runs the
 * engine's rules at once; the edited section is validated while typing and everything on save.
 * @example <StageForm slug="locations" doc={doc} onSave={(data, doc, state) => api.save(data, state)} />
 */
export function StageForm(props: StageFormProps) {
  const { stage, searchers, mediaInput, linkHref, canLockRows, disabled, readonly, hideActions, children, engine = defaultEngine, ...options } = props;
  // Every message in the form's language (the engine's texts in the browser are English only).
  const t = useConfiguratorT();
  const ownText = useCallback((e: FieldErrorLike) => errorText(e, t as (key: string, options?: Record<string, unknown>) => unknown), [t]);
  return (
    <StageFormBase translateError={ownText} {...options} engine={engine}>
      <StageFormView slug={options.slug} engine={engine} stage={stage} searchers={searchers} mediaInput={mediaInput} linkHref={linkHref} canLockRows={canLockRows} disabled={disabled} readonly={readonly} hideActions={hideActions}>
        {children}
      </StageFormView>
    </StageFormBase>
  );
}
