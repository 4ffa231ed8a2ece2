/** Channels: one kind per file, behind the contract in ./base. */
export * from './base';
export * from './last_value';
export * from './binop';
export * from './ephemeral';
export * from './topic';
export * from './named_barrier';
export * from './after_finish';
export * from './untracked';
export * from './delta';
