import { useEffect } from 'react';
import { useStoreApi } from '../store/useAppStore';
import { selectRunControls } from '../actions/run-controls';

/** Is the key meant for a form field rather than for the debugger? */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Global shortcuts: ↑/K newer checkpoint, ↓/J older checkpoint, F10 step, F8 continue, F11 / Shift+F11
 * into / out of a subgraph, ? help.
 * Keys typed into form fields are left alone.
 */
export function useKeyboard(toggleHelp: () => void): void {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
      const s = store.getState();
      switch (e.key) {
        case 'ArrowUp':
        case 'k':
        case 'K':
          s.selectShownRelative(-1);
          break;
        case 'ArrowDown':
        case 'j':
        case 'J':
          s.selectShownRelative(1);
          break;
        // A key does what its toolbar button does, and nothing while the button is disabled.
        case 'F10':
          if (selectRunControls(s).continueWhy === null) void s.step();
          break;
        case 'F8':
          if (selectRunControls(s).continueWhy === null) void s.continueRun();
          break;
        case 'F11':
          void (e.shiftKey ? s.stepOut() : s.stepInto());
          break;
        case '?':
          toggleHelp();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, toggleHelp]);
}
