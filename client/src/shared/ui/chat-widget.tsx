import { useState } from 'react';
import { Link } from 'react-router-dom';
import { env } from '../../config/env';
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

/** The live chat slot. A third-party widget is loaded only when configured and asked for. */
export function ChatWidget({ contactHref }: { contactHref: string }) {
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
          <p>Live chat is not available yet.</p>
          <p>
            Questions? <Link to={contactHref}>Contact the organisers</Link>.
          </p>
        </div>
      ) : null}
      <button
        type="button"
        className="chat-widget__button"
        aria-expanded={open}
        aria-controls={env.chatWidgetUrl === null ? 'chat-widget-panel' : undefined}
        onClick={onClick}
        aria-label="Chat with us"
      >
        <span className="chat-widget__icon" aria-hidden="true">
          💬
        </span>
        <span className="chat-widget__label">Chat with us</span>
      </button>
    </div>
  );
}
