import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Field, fieldDescribedBy } from './field';
import { exactOption, searchOptions } from './option-search';
import './form.css';

/** The combobox's own sentences; English unless a student page passes its language's. */
export interface ComboboxTexts {
  showList: string;
  noMatch: (query: string) => string;
  matches: (count: number) => string;
}

const englishTexts = (noun: string): ComboboxTexts => ({
  showList: `Show the ${noun} list`,
  noMatch: (query) => `No ${noun} matches “${query}”. Check the spelling, or try the first letters.`,
  matches: (count) => `${count} ${count === 1 ? 'match' : 'matches'}`,
});

interface ComboboxProps {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | null;
  placeholder?: string;
  /** What the list holds, for the empty state and the result count: 'city' → 'No city matches…'. */
  noun?: string;
  texts?: ComboboxTexts;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * An input with a filtered list to pick from (ARIA combobox with list autocomplete). The value is the
 * typed text; a text that names an option exactly becomes that option on blur.
 */
export function Combobox({
  label,
  name,
  value,
  options,
  onChange,
  onBlur,
  hint,
  error,
  placeholder,
  noun = 'option',
  texts: givenTexts,
  disabled,
  'data-testid': testId,
}: ComboboxProps) {
  const id = useId();
  const texts = givenTexts ?? englishTexts(noun);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // null: show every option (the list was opened, nothing typed since).
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const matches = useMemo(() => searchOptions(options, query ?? ''), [options, query]);

  useEffect(() => {
    if (open && active >= 0) {
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
    }
  }, [open, active, id]);

  const openList = () => {
    if (open || disabled) {
      return;
    }
    setQuery(null);
    setActive(options.indexOf(value));
    setOpen(true);
  };

  const choose = (option: string) => {
    onChange(option);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (open) {
          setActive((index) => Math.min(index + 1, matches.length - 1));
        } else {
          openList();
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) {
          setActive((index) => Math.max(index - 1, 0));
        }
        break;
      case 'Enter': {
        const option = open ? matches[active] : undefined;
        if (option !== undefined) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      default:
        break;
    }
  };

  const onInputBlur = () => {
    setOpen(false);
    const listed = exactOption(options, value);
    if (listed !== null && listed !== value) {
      onChange(listed);
    }
    onBlur?.();
  };

  const expanded = open && matches.length > 0;

  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="combobox">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="input combobox__input"
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, hint, error)}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={openList}
          onKeyDown={onKeyDown}
          onBlur={onInputBlur}
          data-testid={testId}
        />
        <button
          type="button"
          className="combobox__toggle"
          tabIndex={-1}
          aria-label={texts.showList}
          disabled={disabled}
          // Keeps the focus in the input, so the list does not close before it opens.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) {
              setOpen(false);
            } else {
              openList();
            }
          }}
        >
          <span aria-hidden="true" className="combobox__chevron" />
        </button>
        {/* Focus stays in the input (aria-activedescendant); mousedown must not move it. */}
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="combobox__list"
          hidden={!expanded}
          onMouseDown={(event) => event.preventDefault()}
        >
          {expanded
            ? matches.map((option, index) => (
                <div
                  key={option}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={
                    option === value ? 'combobox__option combobox__option--chosen' : 'combobox__option'
                  }
                  onClick={() => choose(option)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      choose(option);
                    }
                  }}
                  onMouseMove={() => {
                    if (index !== active) {
                      setActive(index);
                    }
                  }}
                >
                  {option}
                </div>
              ))
            : null}
        </div>
        {open && matches.length === 0 ? (
          <p className="combobox__empty">{texts.noMatch(query ?? '')}</p>
        ) : null}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {open && query !== null ? texts.matches(matches.length) : ''}
      </span>
    </Field>
  );
}
