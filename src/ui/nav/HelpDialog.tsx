import { useEffect, useRef } from 'react';

const KEYS: [string, string][] = [
  ['↑ or K', 'newer checkpoint (row above)'],
  ['↓ or J', 'older checkpoint (row below)'],
  ['F10', 'step one superstep'],
  ['F8', 'continue'],
  ['F11', 'step into the selected step\'s subgraph'],
  ['Shift+F11', 'step out to the parent graph'],
  ['?', 'show or hide this help'],
  ['in the branch tree: ↑ ↓ ← → Home End', 'move between branches, open or close one'],
  ['in the branch tree: Enter / F', 'select the branch\'s newest checkpoint / the one it grew from'],
];

/** The keyboard shortcuts, in a modal dialog. */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d !== null && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="help" aria-labelledby="help-title" data-testid="help-dialog" onClose={onClose}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {KEYS.map(([k, what]) => (
            <tr key={k}><th scope="row"><kbd>{k}</kbd></th><td>{what}</td></tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} autoFocus>Close</button>
    </dialog>
  );
}
