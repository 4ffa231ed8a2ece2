/**
 * A deep link checked before the app asks the storage worker for what it names: an id longer
 * than any id the app keeps (`WIRE_LIMITS.maxIdLength`) is said in people's words ("this link
 * names a thread id of 600 characters; ids are at most 512") and left out of the view, instead of
 * reaching the worker and coming back in protocol wording.
 */
import { WIRE_LIMITS } from '../../protocol/limits';
import type { UrlState } from '../model/url-state';

/** The link's view with every over-long part left out, and what was wrong with it. */
export interface CheckedLink {
  state: UrlState;
  problems: string[];
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Checks the ids `state` names.
 * @param state what the URL selects
 * @param max the longest id, in characters
 */
export function checkDeepLink(state: UrlState, max: number = WIRE_LIMITS.maxIdLength): CheckedLink {
  const problems: string[] = [];
  const tooLong = (what: string, value: string | null) => {
    if (value === null || value.length <= max) return false;
    problems.push(`this link names a ${what} of ${count(value.length)} characters; ids are at most ${count(max)}.`);
    return true;
  };
  const out: UrlState = { ...state };
  if (tooLong('thread id', state.thread)) Object.assign(out, { thread: null, ns: '', checkpoint: null });
  else {
    if (tooLong('namespace', state.thread === null ? null : state.ns)) Object.assign(out, { ns: '', checkpoint: null });
    if (tooLong('checkpoint id', out.checkpoint)) out.checkpoint = null;
  }
  if (tooLong('graph id', state.graph)) out.graph = null;
  if (tooLong('tab name', state.tab)) out.tab = null;
  return { state: out, problems };
}
