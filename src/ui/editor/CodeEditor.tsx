import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { Annotation, Compartment, EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, type DecorationSet } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/**
 * Token colours from the app's theme variables (CodeMirror's default palette is for light
 * backgrounds only, and some of its colours are too faint to read).
 */
const appHighlight = HighlightStyle.define([
  { tag: [t.keyword, t.modifier, t.operatorKeyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword], color: 'var(--st-cached)', fontWeight: '600' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--ok)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--warn)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.typeName, t.className, t.namespace], color: 'var(--accent)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.definition(t.variableName)], color: 'var(--st-next)' },
  { tag: [t.variableName, t.propertyName, t.punctuation, t.bracket, t.operator], color: 'var(--fg)' },
]);

/** Marks one line (1-based) as the error's, or clears the mark with null. */
const markLine = StateEffect.define<number | null>();
const errorLine = Decoration.line({ class: 'cm-error-line', attributes: { 'data-testid': 'editor-error-line' } });

const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(markLine)) continue;
      const line = e.value;
      next = line === null || line < 1 || line > tr.state.doc.lines ? Decoration.none : Decoration.set([errorLine.range(tr.state.doc.line(line).from)]);
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Marks a change made from `value` (another text shown), which is not reported as typing. */
const fromOutside = Annotation.define<boolean>();

/** Whether the text can be edited (off for code shown only to be read). */
const editable = new Compartment();
const editability = (readOnly: boolean): Extension => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];

const extensions = (onChange: (text: string) => void, readOnly: boolean): Extension[] => [
  editable.of(editability(readOnly)),
  basicSetup,
  javascript({ typescript: true }),
  syntaxHighlighting(appHighlight),
  errorField,
  EditorView.updateListener.of((u) => {
    if (u.docChanged && !u.transactions.every((tr) => !tr.docChanged || tr.annotation(fromOutside))) onChange(u.state.doc.toString());
  }),
  EditorView.contentAttributes.of({ 'aria-label': 'Graph source (TypeScript)' }),
];

/**
 * CodeMirror 6 with TypeScript highlighting. The text is owned by the store: outside changes
 * (another graph loaded) replace the document; typing reports every change through `onChange`.
 * `readOnly` shows the text to be read only: it cannot be changed and nothing is reported.
 */
export function CodeEditor({ value, onChange, errorAt, readOnly = false }: { value: string; onChange: (text: string) => void; errorAt: number | null; readOnly?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const v = new EditorView({ parent: host.current!, state: EditorState.create({ doc: value, extensions: extensions((t) => changed.current(t), readOnly) }) });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // Created once; later values arrive through the effect below.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: fromOutside.of(true) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.reconfigure(editability(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: markLine.of(errorAt) });
  }, [errorAt, value]);

  return <div className="editor-code" ref={host} data-testid="code-editor" data-readonly={readOnly ? 'true' : undefined} />;
}
