import type { ForkPlan } from '../model/fork-update';

interface Props {
  plan: ForkPlan;
  /** Why an Overwrite is not offered (the channel kinds are not known), or null. */
  noOverwrite: string | null;
  onOverwrite: (key: string, on: boolean) => void;
}

/**
 * The update a fork will send, before it is sent: each changed key and how it will be applied,
 * with the choice to overwrite a key that has a reducer.
 */
export function ForkPreview({ plan, noOverwrite, onOverwrite }: Props) {
  return (
    <div className="fork-preview" data-testid="fork-preview" aria-live="polite">
      {plan.lines.length === 0 ? (
        <p className="muted" data-testid="fork-nothing">Nothing edited: the fork runs again from this checkpoint, its state as it is.</p>
      ) : (
        <>
          <p>Will send {plan.lines.length === 1 ? 'this key' : `these ${plan.lines.length} keys`}:</p>
          <ul>
            {plan.lines.map((l) => (
              <li key={l.key} data-testid="fork-line" data-key={l.key} data-how={l.how} data-overwrite={l.overwrite ? 'true' : 'false'}>
                <span data-testid="fork-line-text">{l.text}</span>
                {(l.canOverwrite || l.how === 'unknown') && (
                  <label title={l.canOverwrite ? undefined : (noOverwrite ?? undefined)}>
                    {' '}
                    <input
                      type="checkbox"
                      checked={l.overwrite}
                      disabled={!l.canOverwrite}
                      onChange={(e) => onOverwrite(l.key, e.target.checked)}
                      data-testid="fork-overwrite"
                    />{' '}
                    overwrite
                  </label>
                )}
              </li>
            ))}
          </ul>
          {noOverwrite !== null && (
            <p className="muted" data-testid="fork-overwrite-why">Overwrite is not offered: {noOverwrite}.</p>
          )}
        </>
      )}
      {plan.kept.length > 0 && (
        <p className="muted" data-testid="fork-kept">
          Not in your text, kept as they are (a fork does not delete keys): <code>{plan.kept.join(', ')}</code>.
        </p>
      )}
    </div>
  );
}
