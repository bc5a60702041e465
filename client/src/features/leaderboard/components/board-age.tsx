import { useEffect, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { boardAgeText } from '../board-age';

/** How old the board shown is, counted up every second while it is on screen. */
export function BoardAge({ asOf }: { asOf: string }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className="board-age" dateTime={asOf} data-testid="board-age">
      {boardAgeText(t, asOf, now)}
    </time>
  );
}
