/**
 * The Vitest configuration of one measured side, built from a plan file the harness writes into
 * its temporary directory (the generated config there only calls `createConfig`).
 */
import { readFileSync } from 'node:fs';
import type { UserConfig } from 'vite';
import type { InlineConfig } from 'vitest/node';
import { yardstickPlugin, type PluginPlan } from './plugin';
import { EventFileReporter } from './reporter';

/** Everything one Vitest invocation needs. */
export interface RunPlan extends PluginPlan {
  /** The suite package directory: Vitest's root. */
  root: string;
  /** Test files to run, relative to `root`. */
  include: string[];
  setupFiles: string[];
  events: string;
  testTimeout: number;
  maxWorkers: number;
}

/** Reads the plan at `planPath` and returns the config. */
export function createConfig(planPath: string): UserConfig & { test: InlineConfig } {
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as RunPlan;
  return {
    root: plan.root,
    plugins: [yardstickPlugin(plan)],
    logLevel: 'error',
    test: {
      root: plan.root,
      include: plan.include,
      environment: 'node',
      globals: true, // as the suite's own config
      setupFiles: plan.setupFiles,
      pool: 'forks',
      maxWorkers: plan.maxWorkers,
      isolate: true,
      testTimeout: plan.testTimeout,
      hookTimeout: plan.testTimeout,
      teardownTimeout: plan.testTimeout,
      includeTaskLocation: true,
      allowOnly: true,
      passWithNoTests: true,
      watch: false,
      reporters: [new EventFileReporter(plan.events, plan.root)],
    },
  };
}
