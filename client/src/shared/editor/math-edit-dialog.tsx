import katex from 'katex';
import { useId, useMemo, useState } from 'react';
import { katexOptions } from '../math/math-options';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Glyph } from './editor-toolbar';

interface MathEditDialogProps {
  initialLatex: string;
  display: boolean;
  editing: boolean;
  onSave: (latex: string, display: boolean) => void;
  onRemove?: (() => void) | undefined;
  onClose: () => void;
}

// The glyph is a picture of what the button inserts, drawn by CSS (see Glyph), so the name stays the label.
const SNIPPETS: { label: string; latex: string; glyph: string }[] = [
  { label: 'Fraction', latex: '\\frac{a}{b}', glyph: 'a⁄b' },
  { label: 'Power', latex: 'x^{2}', glyph: 'x²' },
  { label: 'Square root', latex: '\\sqrt{x}', glyph: '√x' },
  { label: 'Times', latex: '\\times', glyph: '×' },
  { label: 'Divide', latex: '\\div', glyph: '÷' },
  { label: 'Not equal', latex: '\\neq', glyph: '≠' },
  { label: 'Less or equal', latex: '\\le', glyph: '≤' },
  { label: 'Degrees', latex: '^{\\circ}', glyph: '°' },
  { label: 'Pi', latex: '\\pi', glyph: 'π' },
  { label: 'Angle', latex: '\\angle', glyph: '∠' },
];

/** Renders LaTeX for the preview; a mistake shows KaTeX's message instead of a broken formula. */
function preview(latex: string, display: boolean): { html: string; problem: string | null } {
  if (latex.trim() === '') {
    return { html: '', problem: null };
  }
  try {
    return {
      html: katex.renderToString(latex, { ...katexOptions(display), throwOnError: true }),
      problem: null,
    };
  } catch (cause) {
    const message =
      cause instanceof Error ? cause.message.replace(/^KaTeX parse error: /, '') : 'Invalid formula';
    return { html: katex.renderToString(latex, katexOptions(display)), problem: message };
  }
}

/** Type LaTeX and see it typeset as you type; quick buttons insert common pieces. */
export function MathEditDialog({
  initialLatex,
  display,
  editing,
  onSave,
  onRemove,
  onClose,
}: MathEditDialogProps) {
  const id = useId();
  const [latex, setLatex] = useState(initialLatex);
  const [asBlock, setAsBlock] = useState(display);
  const rendered = useMemo(() => preview(latex, asBlock), [latex, asBlock]);
  const insert = (snippet: string) => setLatex((current) => `${current}${snippet}`);
  const save = () => {
    if (latex.trim() !== '') {
      onSave(latex.trim(), asBlock);
    }
  };
  return (
    <Dialog title={editing ? 'Edit formula' : 'Insert formula'} onClose={onClose} data-testid="math-dialog">
      {/* Not a <form>: the editor usually sits inside the page's own form, and forms cannot nest. */}
      <div className="stack">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-latex`}>
            Formula (LaTeX)
          </label>
          <textarea
            id={`${id}-latex`}
            className="input editor__latex"
            rows={3}
            value={latex}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder="\frac{3}{4} + \frac{1}{8}"
            onChange={(event) => setLatex(event.target.value)}
            onKeyDown={(event) => {
              // Ctrl/Cmd + Enter inserts; Enter alone is a new line in the LaTeX.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                save();
              }
            }}
            data-testid="math-latex"
            autoFocus
          />
        </div>
        <fieldset className="editor__snippets">
          <legend className="visually-hidden">Common symbols</legend>
          {SNIPPETS.map((snippet) => (
            <button
              key={snippet.label}
              type="button"
              className="editor__snippet"
              title={snippet.label}
              aria-label={`Insert ${snippet.label.toLowerCase()}`}
              onClick={() => insert(snippet.latex)}
            >
              <Glyph text={snippet.glyph} formula />
            </button>
          ))}
        </fieldset>
        <label className="editor__check">
          <input type="checkbox" checked={asBlock} onChange={(event) => setAsBlock(event.target.checked)} />{' '}
          On its own line (display)
        </label>
        <div className="editor__preview" aria-live="polite" data-testid="math-preview">
          {latex.trim() === '' ? (
            <span className="muted">The formula appears here as you type.</span>
          ) : (
            <span
              // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output with trust off.
              dangerouslySetInnerHTML={{ __html: rendered.html }}
            />
          )}
        </div>
        {rendered.problem ? (
          <p className="field__error" role="alert">
            {rendered.problem}
          </p>
        ) : null}
        <div className="dialog__actions">
          {onRemove ? (
            <Button variant="danger" onClick={onRemove}>
              Remove
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={latex.trim() === ''} data-testid="math-save">
            {editing ? 'Update' : 'Insert'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
