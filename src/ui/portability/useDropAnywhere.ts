/**
 * Files dropped anywhere on the page go through the one door (`openAnyFiles`): a checkpoint store
 * opens in the Files view, a thread file in the import dialog. A drop something else already took
 * (the Files view's drop zone, the editor) is left to it.
 */
import { useEffect } from 'react';
import { useAppStore } from '../store/useAppStore';

const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

/** Listens for files dropped on the page while the component using it is mounted. */
export function useDropAnywhere(): void {
  const openAnyFiles = useAppStore((s) => s.openAnyFiles);
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (e.defaultPrevented || !hasFiles(e)) return;
      e.preventDefault();
      void openAnyFiles([...(e.dataTransfer?.files ?? [])]);
    };
    document.addEventListener('dragover', over);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('drop', drop);
    };
  }, [openAnyFiles]);
}
