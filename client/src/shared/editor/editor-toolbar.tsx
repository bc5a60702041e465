import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { nextToolIndex, tabStopIndex, toolbarMove } from './toolbar-keys';

export interface Tool {
  key: string;
  /** The accessible name, also shown as the tooltip. */
  label: string;
  /** A glyph or picture standing for the label; hidden from screen readers, which hear the label. */
  icon: ReactNode;
  onClick: () => void;
  /** Toggles (bold, lists) say whether they are on; plain actions leave it undefined. */
  active?: boolean | undefined;
  disabled?: boolean | undefined;
  testId?: string | undefined;
}

/**
 * A row of tool buttons that is one tab stop: arrow keys, Home and End move between the tools
 * (roving tabindex), Tab leaves the toolbar.
 */
export function Toolbar({ label, tools }: { label: string; tools: Tool[] }) {
  const [remembered, setRemembered] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const disabled = tools.map((tool) => tool.disabled === true);
  const tabStop = tabStopIndex(remembered, disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    if (from === -1) {
      return;
    }
    const move = toolbarMove(event.key, getComputedStyle(event.currentTarget).direction === 'rtl');
    if (move === null) {
      return;
    }
    event.preventDefault();
    const to = nextToolIndex(from, move, disabled);
    setRemembered(to);
    buttons.current[to]?.focus();
  };

  return (
    <div className="editor__toolbar" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      {tools.map((tool, index) => (
        <button
          key={tool.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className={tool.active ? 'editor__tool editor__tool--active' : 'editor__tool'}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={tool.active === undefined ? undefined : tool.active}
          disabled={tool.disabled}
          tabIndex={index === tabStop ? 0 : -1}
          // Keep the selection in the editor while clicking the toolbar.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setRemembered(index)}
          onClick={tool.onClick}
          data-testid={tool.testId}
        >
          <span aria-hidden="true">{tool.icon}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * A symbol drawn by CSS, like an icon font: "1≡" or "f(x)" is a picture of the tool, not words, so it
 * stays out of the text that speech control and axe's label-in-name check compare with the label.
 */
export function Glyph({ text, formula = false }: { text: string; formula?: boolean }) {
  return <span className={formula ? 'editor__glyph editor__fx' : 'editor__glyph'} data-glyph={text} />;
}
