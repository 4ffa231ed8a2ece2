import { useEffect } from 'react';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';

const selectTheme = (s: AppState) => s.theme;

/** Applies the theme to <html data-theme>: the user's choice, or the system's while "system". */
export function useTheme(): void {
  const theme = useAppStore(selectTheme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
