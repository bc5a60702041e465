import { useEffect, useRef, useState } from 'react';

/**
 * A search box bound to a URL value: the typed text, and onChange that reports the trimmed text
 * once typing pauses (delayMs). Back and forward change the URL under the box: the text follows
 * it, keeping what is still being typed.
 */
export function useDebouncedSearch(current: string, onSettled: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    setText((typed) => (typed.trim() === current ? typed : current));
  }, [current]);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSettled(value.trim()), delayMs);
  };
  return [text, onChange] as const;
}
