/**
 * User graphs written in TypeScript: the worker's entry points. See compile.ts.
 */
export { compileUserGraph, UserGraphError, type CompiledUserGraph, type CompileUserGraphResult } from './compile';
export { ENGINE_MODULE, UnknownModuleError } from './evaluate';
export type { CompileOptions, UserCodeError, UserCodeErrorKind, UserGraphKind } from './types';
export { userGraphModule, type UserGraphMeta, type UserGraphModuleResult } from './graph-module';
