/**
 * A function type checked bivariantly in its parameters, as TypeScript checks methods. Graph
 * builders store user callbacks (nodes, routers, reducers, error handlers) typed over the user's
 * own state; the builder's records hold them over `unknown` state, and a callback over a narrower
 * state must still fit there, as it does in LangGraph.js (whose records use `any`).
 */
export type Bivariant<A extends unknown[], R> = { call(...args: A): R }['call'];
