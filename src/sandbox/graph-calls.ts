/**
 * The one hook on the engine's graph methods (`Pregel.prototype`: `invoke`, `stream`,
 * `streamEvents`, `getState`, `updateState`) that programs use (program-threads.ts records calls,
 * program-graph.ts collects graphs). A call goes to the handler of the program whose code made it:
 * the innermost stack frame naming a registered program file; any other call (the sandbox's own
 * runs and reads) goes to the engine as is. Installed once, on first use; a program's handler is
 * removed when it ends.
 */
import { Pregel } from '../engine/index';
import type { ProgramCall } from '../protocol/dto';

/** A graph method as the hook sees it. */
export type GraphMethod = (this: object, ...args: unknown[]) => unknown;

/** Handles a program's call of `call` on `graph`; `original` is the engine's method. */
export type CallHandler = (call: ProgramCall, graph: Record<string, unknown>, args: unknown[], original: GraphMethod, stack: string) => unknown;

/** The methods hooked. */
export const GRAPH_CALLS: readonly ProgramCall[] = ['invoke', 'stream', 'streamEvents', 'getState', 'updateState'];

const handlers = new Map<string, CallHandler>();
let installed: Map<ProgramCall, GraphMethod> | null = null;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The handler of the innermost registered program frame of `stack`, if any. */
function handlerOf(stack: string): CallHandler | undefined {
  let best: { at: number; handler: CallHandler } | undefined;
  for (const [file, handler] of handlers) {
    const m = new RegExp(`(?:^|[\\s(@/])${escapeRegExp(file)}:\\d+:\\d+`, 'm').exec(stack);
    if (m && (!best || m.index < best.at)) best = { at: m.index, handler };
  }
  return best?.handler;
}

function install(): Map<ProgramCall, GraphMethod> {
  const proto = Pregel.prototype as unknown as Record<string, GraphMethod>;
  const originals = new Map<ProgramCall, GraphMethod>();
  for (const call of GRAPH_CALLS) {
    const original = proto[call]!;
    originals.set(call, original);
    proto[call] = function hooked(this: object, ...args: unknown[]) {
      if (handlers.size > 0) {
        const stack = new Error().stack ?? '';
        const handler = handlerOf(stack);
        if (handler) return handler(call, this as Record<string, unknown>, args, original, stack);
      }
      return original.apply(this, args);
    };
  }
  return originals;
}

/**
 * Sends the graph calls made by code of `fileName` (a program's sourceURL) to `handler`; returns
 * the function that stops it. The engine's own methods are in `originals()`.
 */
export function onGraphCalls(fileName: string, handler: CallHandler): () => void {
  installed ??= install();
  handlers.set(fileName, handler);
  return () => void (handlers.get(fileName) === handler && handlers.delete(fileName));
}

/** The engine's own graph methods (for calls a handler makes itself). */
export function originalGraphMethod(call: ProgramCall): GraphMethod {
  installed ??= install();
  return installed.get(call)!;
}
