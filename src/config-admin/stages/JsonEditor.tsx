/**
 * The stage file's JSON editor: CodeMirror 6 with the stage meta-schema (codemirror-json-schema:
 * completion, hover, lint as you type), JSON parse errors, and the problems the server found in the
 * saved draft (`publishProblems`: `lintStageFile` and the publish checks) at the pointers they name.
 * Loaded only by the stage editor page, as a chunk of its own (React.lazy there), so no other page
 * carries CodeMirror.
 *
 * `lintStageFile` itself does not run here: it compiles with ajv, which the app's CSP (no
 * 'unsafe-eval') refuses, and importing it would put ajv's compiler in the engine chunk every
 * configurator page loads. The server runs it on every draft save instead.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { forceLinting, linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { Box } from '@mui/material';
import { getJsonPointers, handleRefresh, jsonCompletion, jsonSchemaHover, jsonSchemaLinter, stateExtensions } from 'codemirror-json-schema';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { PublishProblem } from '../../../contract/catalogue';
import metaSchema from '../../../schemas/stage.meta.schema.json';
import { readCspNonce } from '../../csp/nonce';

/** codemirror-json-schema's name of plain JSON (its MODES.JSON, not exported). */
const JSON_MODE = 'json4' as Parameters<typeof getJsonPointers>[1];

export interface JsonEditorHandle {
  /** Puts the cursor on the value a JSON pointer names (a problem's `field`) and focuses the editor. */
  reveal(pointer: string): void;
}

export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  /** The accessible name of the editing area. */
  label: string;
  /** The saved draft's problems (the server's checks), shown at the pointers they name. */
  problems?: readonly PublishProblem[];
  ref?: Ref<JsonEditorHandle>;
}

// The meta-schema's `schema` is checked against draft-07 itself, which the editor does not fetch:
// the schema-aware features read the rest (the server's checks cover the stage schema's own keywords).
function editorSchema() {
  const copy = JSON.parse(JSON.stringify(metaSchema)) as { properties: { schema: { allOf: Array<Record<string, unknown>> } } };
  copy.properties.schema.allOf = copy.properties.schema.allOf.filter((part) => part.$ref !== 'http://json-schema.org/draft-07/schema#');
  return copy;
}

/** The text range of the value a pointer names, else of its nearest parent that exists. */
function rangeOf(state: EditorState, pointer: string): { from: number; to: number } {
  const pointers = getJsonPointers(state, JSON_MODE);
  let at = pointer;
  for (;;) {
    const hit = pointers.get(at);
    if (hit) return { from: hit.keyFrom, to: hit.keyTo };
    if (!at) return { from: 0, to: Math.min(1, state.doc.length) };
    at = at.slice(0, Math.max(0, at.lastIndexOf('/')));
  }
}

/** The server's problems as diagnostics, while the text still parses (pointers name a parsed file). */
function problemLinter(problems: () => readonly PublishProblem[]) {
  return (view: EditorView): Diagnostic[] => {
    const list = problems();
    if (!list.length) return [];
    try {
      JSON.parse(view.state.doc.toString());
    } catch {
      return []; // the parse linter says where
    }
    return list.map((p) => ({ ...rangeOf(view.state, p.field?.startsWith('/') ? p.field : ''), severity: 'error' as const, message: p.detail, source: 'saved draft' }));
  };
}

export default function JsonEditor({ value, onChange, label, problems = [], ref }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, problems });
  callbacks.current = { onChange, problems };

  useImperativeHandle(ref, () => ({
    reveal(pointer: string) {
      const v = view.current;
      if (!v) return;
      const { from } = rangeOf(v.state, pointer);
      v.dispatch({ selection: EditorSelection.cursor(from), scrollIntoView: true });
      v.focus();
    },
  }));

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        json(),
        lintGutter(),
        linter(jsonParseLinter(), { delay: 150 }),
        linter(jsonSchemaLinter(), { delay: 300, needsRefresh: handleRefresh }),
        linter(problemLinter(() => callbacks.current.problems), { delay: 200 }),
        autocompletion(),
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        hoverTooltip(jsonSchemaHover()),
        stateExtensions(editorSchema() as never),
        // Its <style> element needs the page's nonce under the CSP (style-src 'nonce-N').
        EditorView.cspNonce.of(readCspNonce() ?? ''),
        EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'stage-json-editor' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
        }),
        EditorView.theme({
          '&': { height: '100%', fontSize: '13px' },
          '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
          '.cm-tooltip': { maxWidth: '420px' },
        }),
      ],
    });
    const created = new EditorView({ state, parent: host.current! });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // Created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // New problems from a save: lint again now rather than at the next keystroke.
  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [problems]);

  // A change made outside (the structured mode, a reload): replace the text, keeping the cursor near.
  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    const head = Math.min(v.state.selection.main.head, value.length);
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, selection: EditorSelection.cursor(head) });
  }, [value]);

  return (
    <Box
      ref={host}
      sx={{
        height: { xs: '55vh', md: '100%' },
        minHeight: 320,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '& .cm-editor': { height: '100%' },
        '& .cm-editor.cm-focused': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    />
  );
}
