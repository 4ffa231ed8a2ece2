/**
 * User graphs written in TypeScript: the worker's entry points. See compile.ts.
 */
export { compileUserGraph, UserGraphError, type CompiledUserGraph, type CompileUserGraphResult } from './compile';
export { ENGINE_MODULE, ENGINE_MAIN_ALIASES, UnknownModuleError, moduleTable, type ModuleTable } from './modules';
export { scanImports, type ImportDeclaration, type ImportedName } from './imports';
export type { CompileOptions, UserCodeError, UserCodeErrorKind, UserGraphKind } from './types';
export { userGraphModule, type UserGraphMeta, type UserGraphModuleResult } from './graph-module';
export { compileProgram, programConsoleLines, CONSOLE_LEVELS, type CompiledProgram, type ConsoleLine, type ConsoleLevel, type ProgramOptions, type ProgramResult } from './program';
