/** The JSON value type that user data in every DTO is made of (json-safe.ts makes values so). */
/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
