import { useState } from 'react';
import { Link } from 'react-router-dom';
import { env } from '../../config/env';
import { useT } from '../i18n';
import './chat-widget.css';

let widgetScript: HTMLScriptElement | null = null;

function loadWidgetScript(url: string): void {
  if (widgetScript !== null) {
    return;
  }
  widgetScript = document.createElement('script');
  widgetScript.src = url;
  widgetScript.async = true;
  document.body.append(widgetScript);
}

/** The live chat slot (student layouts only). A third-party widget is loaded only when configured and asked for. */
export function ChatWidget({ contactHref }: { contactHref: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const onClick = () => {
    if (env.chatWidgetUrl !== null) {
      loadWidgetScript(env.chatWidgetUrl);
    }
    setOpen((value) => !value);
  };
  return (
    <div className="chat-widget" data-testid="chat-widget">
      {open && env.chatWidgetUrl === null ? (
        <div className="chat-widget__panel" id="chat-widget-panel">
          <p>{t('common.chat.notYet')}</p>
          <p>
            {t('common.chat.questions')} <Link to={contactHref}>{t('common.contactOrganisers')}</Link>
          </p>
        </div>
      ) : null}
      <button
        type="button"
        className="chat-widget__button"
        aria-expanded={open}
        aria-controls={env.chatWidgetUrl === null ? 'chat-widget-panel' : undefined}
        onClick={onClick}
        aria-label={t('common.chat.open')}
      >
        <svg className="chat-widget__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0-.01Zm5 0a1.5 1.5 0 1 0 0-.01Zm5 0a1.5 1.5 0 1 0 0-.01Z"
          />
        </svg>
        <span className="chat-widget__label">{t('common.chat.open')}</span>
      </button>
    </div>
  );
}
