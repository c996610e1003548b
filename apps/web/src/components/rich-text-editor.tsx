import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import './rich-text-editor.css';

/** The HTML switch's mark, the same in every language (its name is translated). */
const SOURCE_MARK = '</>';

interface RichTextEditorProps {
  label: string;
  /** The HTML being edited. */
  value: string;
  onChange: (html: string) => void;
  /** A line of help under the editor, read out with it. */
  hint?: string;
  /** A validation message shown under the editor and read out with it. */
  error?: string;
  /** The most characters of HTML the server accepts; shown as a counter when given. */
  maxLength?: number;
  /**
   * Offers an "HTML" switch that shows the text as HTML in a plain text area (the site texts:
   * an admin may paste HTML written elsewhere). The server sanitises whatever is sent.
   */
  htmlSource?: boolean;
}

/**
 * A rich-text field for shop and product descriptions (TipTap). It writes only what the
 * server's sanitiser keeps (`apps/api/src/lib/sanitize.ts`: paragraphs, headings 2–4, bold,
 * italic, underline, strike, lists, quotes, rules and links), so what the seller sees is what
 * is stored. The server sanitises again on save and the page again on display.
 *
 * Lazy: import it only from seller and admin screens (it is about 100 KB), never from the first bundle.
 */
export function RichTextEditor({ label, value, onChange, hint, error, maxLength, htmlSource }: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const toolbarLabelId = `${id}-toolbar`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  const [showSource, setShowSource] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        // While the HTML text area shows, it alone carries the label.
        ...(showSource ? {} : { 'aria-labelledby': labelId }),
        ...(describedBy && !showSource ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text rich-text-editor-content',
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  // A value set from outside (the form loaded its data, or was reset) replaces the content;
  // the editor's own changes come back equal and are left alone, so the caret does not jump.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');

  if (!editor) return null;
  const chain = () => editor.chain().focus();

  const tools: { name: string; pressed: boolean; run: () => void; text: string }[] = [
    { name: t('Bold'), pressed: !!active?.bold, run: () => chain().toggleBold().run(), text: 'B' },
    { name: t('Italic'), pressed: !!active?.italic, run: () => chain().toggleItalic().run(), text: 'I' },
    { name: t('Underline'), pressed: !!active?.underline, run: () => chain().toggleUnderline().run(), text: 'U' },
    { name: t('Heading'), pressed: !!active?.h2, run: () => chain().toggleHeading({ level: 2 }).run(), text: 'H2' },
    { name: t('Subheading'), pressed: !!active?.h3, run: () => chain().toggleHeading({ level: 3 }).run(), text: 'H3' },
    {
      name: t('Bulleted list'),
      pressed: !!active?.bulletList,
      run: () => chain().toggleBulletList().run(),
      text: '•',
    },
    {
      name: t('Numbered list'),
      pressed: !!active?.orderedList,
      run: () => chain().toggleOrderedList().run(),
      text: '1.',
    },
    { name: t('Quote'), pressed: !!active?.blockquote, run: () => chain().toggleBlockquote().run(), text: '❝' },
  ];

  const openLink = () => {
    setLinkUrl(editor.getAttributes('link').href ?? '');
    setLinkOpen(true);
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const url = linkUrl.trim();
    if (url) chain().extendMarkRange('link').setLink({ href: url }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };
  const length = value.length;

  return (
    <div className="form-field rich-text-editor">
      <span id={labelId} className="form-label">
        {label}
      </span>
      {/* Named "Formatting" and described by the field's label, not named after it: the field's
          label names only the text box, so finding the field by its label finds one element. */}
      <span id={toolbarLabelId} hidden>
        {t('Formatting')}
      </span>
      <div
        className="rich-text-editor-toolbar"
        role="toolbar"
        aria-labelledby={toolbarLabelId}
        aria-describedby={labelId}
      >
        {!showSource &&
          tools.map((tool) => (
            <button
              key={tool.name}
              type="button"
              className="rich-text-editor-tool"
              title={tool.name}
              aria-pressed={tool.pressed}
              // A press of the mouse keeps the focus and the caret in the text: a mark turned on
              // for the next letters (bold with nothing selected) is lost when the caret moves.
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            >
              {/* The short mark is what the eye reads; the name is what a screen reader says. */}
              <span aria-hidden="true">{tool.text}</span>
              <span className="visually-hidden">{tool.name}</span>
            </button>
          ))}
        {!showSource && (
          <button
            type="button"
            className="rich-text-editor-tool"
            title={t('Link')}
            aria-pressed={!!active?.link}
            aria-expanded={linkOpen}
            onClick={openLink}
          >
            {/* Drawn, not an emoji: a device without an emoji font would show an empty box. */}
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span className="visually-hidden">{t('Link')}</span>
          </button>
        )}
        {htmlSource && (
          <button
            type="button"
            className="rich-text-editor-tool"
            title={t('Edit as HTML')}
            aria-pressed={showSource}
            onClick={() => {
              setLinkOpen(false);
              setShowSource((shown) => !shown);
            }}
          >
            <span aria-hidden="true">{SOURCE_MARK}</span>
            <span className="visually-hidden">{t('Edit as HTML')}</span>
          </button>
        )}
      </div>
      {linkOpen && !showSource && (
        // A small inline form (not window.prompt); an empty address removes the link.
        <fieldset className="rich-text-editor-link">
          <legend className="visually-hidden">{t('Link address')}</legend>
          <input
            type="url"
            aria-label={t('Link address')}
            placeholder="https://"
            value={linkUrl}
            onChange={(event) => setLinkUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyLink(event);
              if (event.key === 'Escape') setLinkOpen(false);
            }}
          />
          <button type="button" className="button button-small" onClick={applyLink}>
            {t('Apply')}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={() => setLinkOpen(false)}>
            {t('Cancel')}
          </button>
        </fieldset>
      )}
      {showSource && (
        // The same label and description; the editor takes the HTML back when switched off.
        <textarea
          className="rich-text-editor-source-text"
          rows={10}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
        />
      )}
      {/* Kept mounted while the HTML shows (it follows the value), hidden and unlabelled. */}
      <div hidden={showSource}>
        <EditorContent editor={editor} className="rich-text-editor-frame" />
      </div>
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {maxLength !== undefined && (
        <p className={length > maxLength ? 'rich-text-editor-count is-over' : 'rich-text-editor-count'}>
          {length} / {maxLength}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
