/** The sandbox engine bundle, built by scripts/sandbox-bundle-plugin.ts. */
declare module 'virtual:sandbox-engine' {
  /** Where the page fetches the engine bundle (one classic script) to boot the sandbox frame with. */
  export const sandboxEngineUrl: string;
}
