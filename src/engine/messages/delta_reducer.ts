/**
 * The batch messages reducer of a `DeltaChannel` (LangGraph.js `messagesDeltaReducer`, beta in
 * 1.7.3): folds a whole list of writes at once, so that folding in one batch or in several gives
 * the same list (a `DeltaChannel` replays saved writes in whatever batches its history holds).
 *
 * Unlike `messagesStateReducer` it assigns no ids (the run gives messages ids where they are
 * written, see `stampMessageIds`) and a `RemoveMessage` of an unknown id is ignored, not an error.
 */
import { BaseMessage, RemoveMessage, type BaseMessageLike } from '@langchain/core/messages';
import { v4 as uuid4 } from '@langchain/core/utils/uuid';
import { REMOVE_ALL_MESSAGES, toMessage } from './reducer';

const MESSAGES_DELTA_REDUCER = Symbol.for('langgraph.messages_delta_reducer');

/**
 * `state` with every write applied in order: writes are single message-likes or lists of them; a
 * known id replaces its message in place, a new id (or none) appends, a `RemoveMessage` deletes
 * its id, and `RemoveMessage({ id: REMOVE_ALL_MESSAGES })` clears everything before it.
 * @param state the current messages (message instances, or saved records coerced on the way)
 * @param writes the batch of writes, oldest first
 */
export function messagesDeltaReducer(state: readonly BaseMessageLike[], writes: ReadonlyArray<BaseMessageLike | BaseMessageLike[]>): BaseMessage[] {
  const current = state.map((m) => (BaseMessage.isInstance(m) ? m : toMessage(m)));
  const result: Array<BaseMessage | undefined> = [...current];
  const at = new Map<string, number>();
  current.forEach((m, i) => {
    if (m.id != null) at.set(m.id, i);
  });
  for (const write of writes) {
    for (const like of (Array.isArray(write) ? write : [write]) as BaseMessageLike[]) {
      const m = toMessage(like);
      const id = m.id;
      if (RemoveMessage.isInstance(m) && id === REMOVE_ALL_MESSAGES) {
        result.length = 0;
        at.clear();
      } else if (id == null) result.push(m);
      else if (RemoveMessage.isInstance(m)) {
        const i = at.get(id);
        if (i !== undefined) result[i] = undefined;
        at.delete(id);
      } else if (at.has(id)) result[at.get(id)!] = m;
      else {
        at.set(id, result.length);
        result.push(m);
      }
    }
  }
  return result.filter((m): m is BaseMessage => m !== undefined);
}
Object.defineProperty(messagesDeltaReducer, MESSAGES_DELTA_REDUCER, { value: true });

/** True for `messagesDeltaReducer` (also another copy of it: the mark is a global symbol). */
export function isMessagesDeltaReducer(reducer: unknown): boolean {
  return typeof reducer === 'function' && (reducer as unknown as Record<symbol, unknown>)[MESSAGES_DELTA_REDUCER] === true;
}

/**
 * Gives every message instance in a write to a messages `DeltaChannel` an id when it has none, so
 * that the message keeps one identity across every read of the channel (`messagesDeltaReducer`
 * assigns none). Changes the instances, as LangGraph.js does where it records the write.
 */
export function stampMessageIds(value: unknown): void {
  const items = Array.isArray(value) ? value : [value];
  for (const m of items) {
    if (!BaseMessage.isInstance(m) || m.id != null) continue;
    m.id = uuid4();
    m.lc_kwargs.id = m.id;
  }
}
