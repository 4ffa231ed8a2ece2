/**
 * Schema failures as portability issues: one per zod issue, with a JSON path and a message that
 * says "missing" for absent fields.
 */
import type { z } from 'zod';
import { PortabilityFailure, formatPath } from './issues';

/** The failure for a schema error. */
export function schemaFailure(error: z.ZodError): PortabilityFailure {
  return new PortabilityFailure('invalid', error.issues.map((issue) => {
    const path = formatPath(issue.path.filter((s): s is string | number => typeof s !== 'symbol'));
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    return { path, message: missing ? `A required field is missing (expected ${issue.expected}).` : issue.message };
  }));
}
