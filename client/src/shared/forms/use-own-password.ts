import { type ChangeEvent, type FormEvent, useState } from 'react';

/** The admin's own password confirming a sensitive change: required, and the error clears as they type. */
export function useOwnPassword(onConfirm: (password: string) => void) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    password,
    setPassword,
    error: missing ? 'Enter your password.' : null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setPassword(event.target.value);
      setMissing(false);
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (password === '') {
        setMissing(true);
        return;
      }
      onConfirm(password);
    },
  };
}
