import { useRef } from 'react';

/**
 * Runs a submission unless the previous one has not settled, so a double tap on a claim or a
 * cancel sends one request (the button is also disabled while pending, but only after React
 * renders; two taps can land before that).
 */
export function useSingleSubmit() {
  const running = useRef(false);
  return (submit: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    void submit()
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  };
}
