import { useEffect, useMemo, useRef } from 'react';

/** What a list gives each item: the pointer entered it, or left it. */
export interface PointerRest {
  enter(id: string): void;
  leave(): void;
}

/**
 * Calls `act(id)` once the pointer has rested on an item for `ms`: a timeline row the pointer
 * stops on is read ahead, so that clicking it (a human's click comes a few hundred milliseconds
 * after the pointer arrives) shows the checkpoint without waiting for storage. A pointer sweeping
 * across rows reads none of them.
 */
export function usePointerRest(act: (id: string) => void, ms: number): PointerRest {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      enter(id: string) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => act(id), ms);
      },
      leave() {
        clearTimeout(timer.current);
      },
    }),
    [act, ms],
  );
}
