import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../shared/ui/button';

interface ImageZoomDialogProps {
  src: string;
  alt: string;
  title: string;
  onClose: () => void;
}

/** The document at full size in a modal (native <dialog>: focus trap and Escape for free). */
export function ImageZoomDialog({ src, alt, title, onClose }: ImageZoomDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [actualSize, setActualSize] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog ref={ref} className="verify-zoom" aria-labelledby="verify-zoom-title" onClose={onClose}>
      <header className="verify-zoom__bar">
        <h2 id="verify-zoom-title" className="verify-zoom__title">
          {title}
        </h2>
        <div className="verify-zoom__actions">
          <Button small variant="secondary" onClick={() => setActualSize((v) => !v)}>
            {actualSize ? 'Fit to screen' : 'Actual size'}
          </Button>
          <a
            className={buttonClass({ variant: 'secondary', small: true })}
            href={src}
            target="_blank"
            rel="noopener"
          >
            Open in new tab
          </a>
        </div>
        <Button
          small
          className="verify-zoom__close"
          onClick={() => ref.current?.close()}
          data-testid="verification-zoom-close"
        >
          Close
        </Button>
      </header>
      <div className={actualSize ? 'verify-zoom__body verify-zoom__body--actual' : 'verify-zoom__body'}>
        <img src={src} alt={alt} />
      </div>
    </dialog>
  );
}
