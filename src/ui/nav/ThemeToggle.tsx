import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState, ThemeChoice } from '../store/types';

const pick = (s: AppState) => ({ theme: s.theme, setTheme: s.setTheme });
const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };

/** Cycles the theme: system → light → dark → system. */
export function ThemeToggle() {
  const { theme, setTheme } = useAppStoreShallow(pick);
  return (
    <button type="button" data-testid="theme-toggle" onClick={() => setTheme(NEXT[theme])} aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`}>
      Theme: {theme}
    </button>
  );
}
