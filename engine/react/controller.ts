import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { CompanyFacts } from '../index';
import { mergeErrorSection, toErrorSchema, type FieldErrorLike } from './errors';
import { getAt, setAtCopy, type Path } from './paths';
import { createStageStore, replaceEqualDeep, type StageStore } from './store';

export type ConfigDoc = Record<string, unknown>;

/** The engine calls the renderer needs (engine contract); injected so tests and stories use the real one. */
export interface StageEngine {
  updateStage(doc: ConfigDoc, slug: string, data: unknown): { doc: ConfigDoc; patches?: unknown[] };
  validateStage(
    slug: string,
    data: unknown,
    doc: ConfigDoc,
    opts?: { mode?: 'draft' | 'submit' },
  ): { errors: FieldErrorLike[]; warnings: FieldErrorLike[] };
  /**
   * Validates one section only (while typing): a top-level property, or one item of a top-level
   * array (`['hours', 3]`). Without it the whole stage is checked in draft mode and filtered.
   */
  validateSection?(slug: string, data: unknown, section: Path): { errors: FieldErrorLike[]; warnings: FieldErrorLike[] };
  /**
   * The validator rjsf's Form is given for `schema` (the schema the Form renders). The default
   * engine's is precompiled (CSP-safe); without one, StageForm uses that precompiled one for `slug`.
   */
  formValidator?(slug: string, schema: RJSFSchema): ValidatorType;
  /**
   * The config's company (its region), which a `visibleIf` reads as `$company`: the form shows the
   * fields it shows for this company (StageForm passes it on in formContext). The engine's own
   * validation should be given the same. Without it the region is null.
   */
  readonly company?: CompanyFacts;
}

/** The state a save asks for: a draft (missing values allowed) or a submission (everything required). */
export type SaveState = 'draft' | 'submitted';

export interface StageControllerOptions {
  slug: string;
  /** The whole configuration (every stage), so rules and option sources can cross stages. */
  doc: ConfigDoc;
  engine: StageEngine;
  /** Called with the stage data and the whole document after a save that passed validation. */
  onSave?: (data: unknown, doc: ConfigDoc, state: SaveState) => void | Promise<void>;
  /** Called after every edit with the next document. */
  onChange?: (doc: ConfigDoc) => void;
  /** Milliseconds after the last edit before the edited section is validated (default 150). */
  validateDelay?: number;
  /**
   * When an edit goes through the engine (its input guard and the cascade rules of every stage):
   * 'now' (default) in the edit itself; 'after-paint' just after the browser has painted the edit,
   * so a keystroke's frame does not wait for the engine (about 1 ms of a 30-location group's 8 ms,
   * `npm run bench -- stage-page`). Until then the store holds the edit as typed; anything that
   * reads the document through the controller (getDoc, validation, save) settles it first, and
   * `onChange` is called once it is settled.
   */
  settle?: 'now' | 'after-paint';
  /** Turns an engine message into the text shown (i18n); default: its English message. */
  translateError?: (e: FieldErrorLike) => string;
}

/** Headless stage editing: every edit goes through the rules (at once, or right after its paint); validation by section. */
export interface StageController {
  readonly slug: string;
  readonly store: StageStore;
  getData(): unknown;
  getDoc(): ConfigDoc;
  /** A fine-grained edit at a stage-relative path; rules run at once (or after the paint, `settle`). */
  setAt(path: Path, value: unknown): void;
  /** A whole-stage edit (e.g. from rjsf); unchanged parts keep their identity. */
  replaceData(data: unknown): void;
  /** Validates the section holding `path` (an item of a top-level array, else the top-level property); true when it has no errors. */
  validateSection(path: Path): boolean;
  /** Validates the whole stage (draft: missing values allowed); true when it has no errors. */
  validateAll(mode?: 'draft' | 'submit'): boolean;
  /** Validates everything and, when valid, calls onSave with the requested state. */
  save(state?: SaveState): Promise<boolean>;
  /** Replaces the document (e.g. after the server answered). */
  reset(doc: ConfigDoc): void;
  /** Settles a pending edit, then stops pending timers. */
  dispose(): void;
  /** Swaps the callbacks (the hook keeps them current without recreating the controller). */
  setCallbacks(cb: Pick<StageControllerOptions, 'onSave' | 'onChange' | 'translateError'>): void;
}

/**
 * Creates a headless controller over one stage of a configuration document.
 * @example
 * const c = createStageController({ slug: 'company', doc, engine });
 * c.setAt(['franchises'], []); // rules strip the franchise from every location at once
 */
export function createStageController(options: StageControllerOptions): StageController {
  const { slug, engine } = options;
  let callbacks: Pick<StageControllerOptions, 'onSave' | 'onChange' | 'translateError'> = options;
  const store = createStageStore(options.doc, slug);
  const delay = options.validateDelay ?? 150;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pendingSections = new Map<string, Path>();

  const translate = (e: FieldErrorLike) => (callbacks.translateError ? callbacks.translateError(e) : e.message);

  // 'after-paint': the settled document the edits not yet through the engine started from (null: none).
  let unsettled: ConfigDoc | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let settleFrame: number | undefined;
  // A message posted from an animation frame is a task run once that frame is painted (React's own
  // scheduler posts its work the same way); `settlePosted` says one is on its way.
  let settlePort: MessageChannel | undefined;
  let settlePosted = false;

  function commit(nextData: unknown, touched: Path) {
    const state = store.getState();
    if (options.settle === 'after-paint') {
      unsettled ??= state.doc;
      store.setState({ ...state, doc: { ...state.doc, [slug]: nextData }, dirty: true });
      scheduleSettle();
    } else {
      const { doc } = engine.updateStage(state.doc, slug, nextData);
      store.setState({ ...state, doc, dirty: true });
      callbacks.onChange?.(doc);
    }
    if (touched.length) scheduleValidation(sectionOf(touched));
  }

  function cancelSettle() {
    if (settleTimer) clearTimeout(settleTimer);
    if (settleFrame !== undefined) cancelAnimationFrame(settleFrame);
    settleTimer = settleFrame = undefined;
    settlePosted = false;
  }

  function scheduleSettle() {
    if (settleTimer || settleFrame !== undefined || settlePosted) return;
    if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') {
      settleTimer = setTimeout(settle, 0);
      return;
    }
    if (!settlePort) {
      settlePort = new MessageChannel();
      settlePort.port1.onmessage = () => {
        if (settlePosted) settle();
      };
    }
    const port = settlePort;
    settleFrame = requestAnimationFrame(() => {
      settleFrame = undefined;
      settlePosted = true;
      port.port2.postMessage(0);
    });
  }

  /** Puts the pending edits through the engine: one update from where they started, so rules see them as one edit. */
  function settle() {
    cancelSettle();
    if (unsettled === null) return;
    const from = unsettled;
    unsettled = null;
    const state = store.getState();
    const { doc } = engine.updateStage(from, slug, state.doc[slug]);
    store.setState({ ...state, doc });
    callbacks.onChange?.(doc);
  }

  /** The unit validated while typing: one item of a top-level array, else the top-level property. */
  function sectionOf(path: Path): Path {
    if (path.length >= 2 && typeof path[1] === 'number' && Array.isArray(store.getAt(path.slice(0, 1)))) return path.slice(0, 2);
    return path.slice(0, 1);
  }

  function scheduleValidation(section: Path) {
    pendingSections.set(section.join('\u0000'), section);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const sections = [...pendingSections.values()];
      pendingSections.clear();
      for (const s of sections) validateSection(s);
    }, delay);
  }

  function validateSection(path: Path): boolean {
    settle();
    const section = sectionOf(path);
    const state = store.getState();
    const data = state.doc[slug];
    const result = engine.validateSection
      ? engine.validateSection(slug, data, section)
      : engine.validateStage(slug, data, state.doc, { mode: 'draft' });
    const errors = toErrorSchema(result.errors, translate);
    const warnings = toErrorSchema(result.warnings, translate);
    const latest = store.getState();
    const nextErrors = replaceEqualDeep(latest.errors, mergeErrorSection(latest.errors, errors, section));
    const nextWarnings = replaceEqualDeep(latest.warnings, mergeErrorSection(latest.warnings, warnings, section));
    if (nextErrors !== latest.errors || nextWarnings !== latest.warnings) {
      store.setState({ ...latest, errors: nextErrors, warnings: nextWarnings });
    }
    return getAt(nextErrors, section) === undefined;
  }

  function validateAll(mode: 'draft' | 'submit' = 'submit'): boolean {
    settle();
    if (timer) clearTimeout(timer);
    timer = undefined;
    pendingSections.clear();
    const state = store.getState();
    const result = engine.validateStage(slug, state.doc[slug], state.doc, { mode });
    store.setState({
      ...state,
      errors: replaceEqualDeep(state.errors, toErrorSchema(result.errors, translate)),
      warnings: replaceEqualDeep(state.warnings, toErrorSchema(result.warnings, translate)),
    });
    return result.errors.length === 0;
  }

  function replaceData(data: unknown) {
    const prev = store.getData();
    const next = replaceEqualDeep(prev, data);
    if (next === prev) return;
    // Validate the first top-level property that changed identity.
    let touched: Path = [];
    if (prev && next && typeof prev === 'object' && typeof next === 'object') {
      const key = Object.keys(next).find((k) => (next as Record<string, unknown>)[k] !== (prev as Record<string, unknown>)[k]);
      if (key !== undefined) touched = [key];
    }
    commit(next, touched);
  }

  return {
    slug,
    store,
    getData: () => {
      settle();
      return store.getData();
    },
    getDoc: () => {
      settle();
      return store.getState().doc;
    },
    setAt(path, value) {
      if (path.length === 0) return replaceData(value);
      const data = store.getData() ?? {};
      const next = setAtCopy(data, path, value);
      if (next === data) return;
      commit(next, path);
    },
    replaceData,
    validateSection,
    validateAll,
    async save(saveState: SaveState = 'submitted') {
      if (!validateAll(saveState === 'draft' ? 'draft' : 'submit')) return false;
      const state = store.getState();
      store.setState({ ...state, saving: true });
      try {
        await callbacks.onSave?.(state.doc[slug], state.doc, saveState);
        store.setState({ ...store.getState(), saving: false, dirty: false });
        return true;
      } catch (err) {
        store.setState({ ...store.getState(), saving: false });
        throw err;
      }
    },
    reset(doc) {
      // Edits not yet through the engine are replaced with the rest.
      cancelSettle();
      unsettled = null;
      store.setState({ ...store.getState(), doc, errors: {}, warnings: {}, dirty: false });
    },
    dispose() {
      // An edit typed just before the form goes still reaches onChange (and the saver).
      settle();
      settlePort?.port1.close();
      settlePort = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    setCallbacks(cb) {
      callbacks = cb;
    },
  };
}
