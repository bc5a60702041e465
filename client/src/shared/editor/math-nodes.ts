import { InputRule, mergeAttributes, Node } from '@tiptap/core';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { katexOptions } from '../math/math-options';

export interface MathEditRequest {
  latex: string;
  display: boolean;
  /** Document position of the formula being edited. */
  pos: number;
}

export interface MathNodeOptions {
  /** Called when a formula is clicked: the editor opens its LaTeX dialog. */
  onEdit: (request: MathEditRequest) => void;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    math: {
      /** Inserts a formula at the selection, or replaces the one at `pos`. */
      setMath: (attrs: { latex: string; display: boolean; pos?: number }) => ReturnType;
    };
  }
}

/** The LaTeX source of a stored formula (the client keeps it in data-tex once typeset). */
const latexOf = (element: HTMLElement) => element.dataset.tex ?? element.textContent ?? '';

function typeset(target: HTMLElement, latex: string, display: boolean) {
  if (latex.trim() === '') {
    target.textContent = display ? 'Empty formula' : '∅';
    target.classList.add('math-empty');
    return;
  }
  target.classList.remove('math-empty');
  katex.render(latex, target, katexOptions(display));
}

function mathNode(display: boolean) {
  const tag = display ? 'div' : 'span';
  const className = display ? 'math-block' : 'math-inline';
  return Node.create<MathNodeOptions>({
    name: display ? 'mathBlock' : 'mathInline',
    group: display ? 'block' : 'inline',
    inline: !display,
    atom: true,
    selectable: true,
    draggable: false,
    addOptions: () => ({ onEdit: () => {} }),
    addAttributes: () => ({
      latex: { default: '', parseHTML: latexOf, renderHTML: () => ({}) },
    }),
    // Stored exactly as the server's allowlist and the student view expect: the LaTeX as text.
    parseHTML: () => [{ tag: `${tag}.${className}` }],
    renderHTML: ({ node, HTMLAttributes }) => [
      tag,
      mergeAttributes(HTMLAttributes, { class: className }),
      node.attrs.latex as string,
    ],
    addNodeView() {
      return ({ node, getPos }) => {
        const dom = document.createElement(tag);
        dom.className = `${className} editor-math`;
        // An image of the formula named by its source (a button's name would have to contain the
        // typeset text, which KaTeX spreads over many nodes); a click opens the formula dialog.
        dom.setAttribute('role', 'img');
        dom.setAttribute('aria-label', `Formula ${node.attrs.latex as string}`);
        dom.title = 'Click to edit the formula';
        dom.dataset.testid = display ? 'editor-math-block' : 'editor-math-inline';
        typeset(dom, node.attrs.latex as string, display);
        let current = node;
        dom.addEventListener('click', (event) => {
          event.preventDefault();
          const pos = getPos();
          if (typeof pos === 'number') {
            this.options.onEdit({ latex: current.attrs.latex as string, display, pos });
          }
        });
        return {
          dom,
          update: (next) => {
            if (next.type !== current.type) {
              return false;
            }
            current = next;
            dom.setAttribute('aria-label', `Formula ${next.attrs.latex as string}`);
            typeset(dom, next.attrs.latex as string, display);
            return true;
          },
          ignoreMutation: () => true,
        };
      };
    },
    addInputRules() {
      // Typing $x^2$ (inline) or $$x^2$$ (block) turns the typed source into a formula.
      const find = display ? /^\$\$([^$]+)\$\$$/ : /(?<![$\\])\$([^$\n]+)\$$/;
      return [
        new InputRule({
          find,
          handler: ({ state, range, match }) => {
            const latex = match[1]?.trim() ?? '';
            if (latex === '') {
              return null;
            }
            state.tr.replaceWith(range.from, range.to, this.type.create({ latex }));
          },
        }),
      ];
    },
    ...(display
      ? {
          addCommands() {
            return {
              setMath:
                ({ latex, display: asBlock, pos }) =>
                ({ chain, state }) => {
                  const type = state.schema.nodes[asBlock ? 'mathBlock' : 'mathInline'];
                  if (!type) {
                    return false;
                  }
                  const node = { type: type.name, attrs: { latex } };
                  if (pos === undefined) {
                    return chain().insertContent(node).run();
                  }
                  const existing = state.doc.nodeAt(pos);
                  if (existing === null) {
                    return false;
                  }
                  return chain()
                    .insertContentAt({ from: pos, to: pos + existing.nodeSize }, node)
                    .run();
                },
            };
          },
        }
      : {}),
  });
}

export const MathInline = mathNode(false);
export const MathBlock = mathNode(true);
