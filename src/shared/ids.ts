/**
 * Branded identifiers. A brand is a compile-time tag only: at run time these are plain strings,
 * so they cross the worker boundary and IndexedDB unchanged, but a ThreadId can never be passed
 * where a CheckpointId is expected.
 */
declare const brand: unique symbol;

/** A string tagged with the kind of thing it identifies. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type ThreadId = Brand<string, 'ThreadId'>;
export type CheckpointId = Brand<string, 'CheckpointId'>;
export type TaskId = Brand<string, 'TaskId'>;
export type NodeId = Brand<string, 'NodeId'>;
export type GraphId = Brand<string, 'GraphId'>;
export type RequestId = Brand<number, 'RequestId'>;
export type RunId = Brand<string, 'RunId'>;

/** Tags a string as a ThreadId (no validation: thread ids are user-chosen). */
export const asThreadId = (s: string) => s as ThreadId;
export const asCheckpointId = (s: string) => s as CheckpointId;
export const asTaskId = (s: string) => s as TaskId;
export const asNodeId = (s: string) => s as NodeId;
export const asGraphId = (s: string) => s as GraphId;
export const asRunId = (s: string) => s as RunId;
