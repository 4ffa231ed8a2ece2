import { useEffect, useState } from 'react';
import type { ThemeChoice } from '../store/types';

const QUERY = '(prefers-color-scheme: dark)';

/** Whether the resolved theme is dark: the user's choice, or the system's while "system". */
export function useIsDark(theme: ThemeChoice): boolean {
  const [systemDark, setSystemDark] = useState(() => typeof window !== 'undefined' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => setSystemDark(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return theme === 'dark' || (theme === 'system' && systemDark);
}
