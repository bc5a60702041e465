import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState } from 'react';
import { FieldError, FieldHint, fieldDescribedBy } from '../ui/field';
import { Glyph, Toolbar } from './editor-toolbar';
import { MathEditDialog } from './math-edit-dialog';
import { MathBlock, type MathEditRequest, MathInline } from './math-nodes';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  label: string;
  /** Initial HTML; the editor owns its content afterwards (remount with a key to reset it). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Uploads a pasted, dropped or picked picture and resolves to its URL; no picture tools without it. */
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
  error?: string | null | undefined;
  hint?: string | undefined;
  /** Options are short: a smaller box. */
  compact?: boolean;
  testId?: string;
}

type MathDialog = { latex: string; display: boolean; pos?: number } | null;

/** '' for an editor that shows nothing, so "required" checks see an empty field. */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

/**
 * Rich text with maths for questions, options and hints: bold, italic, lists, inline and block
 * formulas (LaTeX typeset by KaTeX as you type, or `$…$` inline), and pictures (toolbar, paste or
 * drop). It produces the HTML the server's allowlist keeps; the server sanitises it again.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  onUploadImage,
  error,
  hint,
  compact = false,
  testId,
}: RichTextEditorProps) {
  const id = useId();
  const describedBy = fieldDescribedBy(id, hint, error);
  const [mathDialog, setMathDialog] = useState<MathDialog>(null);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadRef = useRef(onUploadImage);
  uploadRef.current = onUploadImage;
  const editorRef = useRef<Editor | null>(null);

  const uploadAll = (files: File[], at?: number) => {
    const upload = uploadRef.current;
    const editor = editorRef.current;
    if (upload === undefined || editor === null || files.length === 0) {
      return;
    }
    setUploadError(null);
    for (const file of files) {
      setUploading((n) => n + 1);
      upload(file)
        .then((src) => {
          const image = { type: 'image', attrs: { src, alt: '' } };
          if (at === undefined) {
            editor.chain().focus().insertContent(image).run();
          } else {
            editor.chain().insertContentAt(at, image).run();
          }
        })
        .catch((cause: unknown) => {
          setUploadError(cause instanceof Error ? cause.message : 'The picture could not be uploaded.');
        })
        .finally(() => setUploading((n) => n - 1));
    }
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
        strike: false,
        underline: false,
      }),
      Image.configure({ inline: true, allowBase64: false }),
      MathInline.configure({ onEdit: (request: MathEditRequest) => setMathDialog(request) }),
      MathBlock.configure({ onEdit: (request: MathEditRequest) => setMathDialog(request) }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        class: compact ? 'editor__content editor__content--compact' : 'editor__content',
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0 || uploadRef.current === undefined) {
          return false;
        }
        uploadAll(files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0 || uploadRef.current === undefined) {
          return false;
        }
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        uploadAll(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
  });
  editorRef.current = editor;

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
    }),
  });

  return (
    <div className="field editor" data-invalid={error ? true : undefined}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="editor__box">
        <Toolbar
          label={`${label} formatting`}
          tools={[
            {
              key: 'bold',
              label: 'Bold',
              active: state?.bold,
              onClick: () => editor?.chain().focus().toggleBold().run(),
              icon: <strong>B</strong>,
            },
            {
              key: 'italic',
              label: 'Italic',
              active: state?.italic,
              onClick: () => editor?.chain().focus().toggleItalic().run(),
              icon: <em>I</em>,
            },
            ...(compact
              ? []
              : [
                  {
                    key: 'bullet',
                    label: 'Bulleted list',
                    active: state?.bullet,
                    onClick: () => editor?.chain().focus().toggleBulletList().run(),
                    icon: <Glyph text="•≡" />,
                  },
                  {
                    key: 'ordered',
                    label: 'Numbered list',
                    active: state?.ordered,
                    onClick: () => editor?.chain().focus().toggleOrderedList().run(),
                    icon: <Glyph text="1≡" />,
                  },
                ]),
            {
              key: 'formula',
              label: 'Insert formula',
              testId: testId ? `${testId}-formula` : undefined,
              onClick: () => setMathDialog({ latex: '', display: false }),
              icon: <Glyph text="f(x)" formula />,
            },
            ...(compact
              ? []
              : [
                  {
                    key: 'block',
                    label: 'Insert formula block (on its own line)',
                    onClick: () => setMathDialog({ latex: '', display: true }),
                    icon: (
                      <span className="editor__fx">
                        <Glyph text="∑" /> block
                      </span>
                    ),
                  },
                ]),
            ...(onUploadImage
              ? [
                  {
                    key: 'picture',
                    label: 'Insert picture',
                    testId: testId ? `${testId}-image` : undefined,
                    disabled: uploading > 0,
                    onClick: () => fileInput.current?.click(),
                    icon: <PictureIcon />,
                  },
                ]
              : []),
          ]}
        />
        {onUploadImage ? (
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            data-testid={testId ? `${testId}-image-input` : undefined}
            onChange={(event) => {
              uploadAll(imageFiles(event.target.files));
              event.target.value = '';
            }}
          />
        ) : null}
        <EditorContent editor={editor} />
      </div>
      {uploading > 0 ? (
        <p className="field__hint" role="status">
          Uploading picture…
        </p>
      ) : null}
      <FieldHint id={id} hint={hint} />
      {uploadError ? (
        <p className="field__error" role="alert">
          {uploadError}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
      {mathDialog !== null ? (
        <MathEditDialog
          initialLatex={mathDialog.latex}
          display={mathDialog.display}
          editing={mathDialog.pos !== undefined}
          onClose={() => {
            setMathDialog(null);
            editor?.commands.focus();
          }}
          onSave={(latex, display) => {
            editor
              ?.chain()
              .focus()
              .setMath({ latex, display, ...(mathDialog.pos === undefined ? {} : { pos: mathDialog.pos }) })
              .run();
            setMathDialog(null);
          }}
          onRemove={
            mathDialog.pos === undefined
              ? undefined
              : () => {
                  const pos = mathDialog.pos as number;
                  const node = editor?.state.doc.nodeAt(pos);
                  if (editor && node) {
                    editor
                      .chain()
                      .focus()
                      .deleteRange({ from: pos, to: pos + node.nodeSize })
                      .run();
                  }
                  setMathDialog(null);
                }
          }
        />
      ) : null}
    </div>
  );
}

function PictureIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="10" r="2" fill="currentColor" />
      <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
