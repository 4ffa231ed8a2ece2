/**
 * The debugger's breakpoints kept between page loads, per graph, in localStorage (as the theme and
 * the durability choice are). Without storage (or with it full or refused) they hold for the page.
 */
import { parseBreakpoints, type BreakpointsByGraph } from '../model/breakpoints';

/** Where the breakpoints are kept. */
export const BREAKPOINTS_KEY = 'replaygraph.breakpoints';

/** The breakpoints kept by an earlier page (none when there are none or storage is refused). */
export function savedBreakpoints(): BreakpointsByGraph {
  try {
    return typeof localStorage === 'undefined' ? {} : parseBreakpoints(localStorage.getItem(BREAKPOINTS_KEY));
  } catch {
    return {};
  }
}

/** Keeps `all` for the next page load. */
export function saveBreakpoints(all: BreakpointsByGraph): void {
  try {
    if (typeof localStorage === 'undefined') return;
    if (Object.keys(all).length === 0) localStorage.removeItem(BREAKPOINTS_KEY);
    else localStorage.setItem(BREAKPOINTS_KEY, JSON.stringify(all));
  } catch {
    // Not kept across reloads then; they hold for this page.
  }
}
