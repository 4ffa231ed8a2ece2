// `npm start [-- <path>]`: builds the app and serves it on http://127.0.0.1:4173. With a path (a
// checkpoints.sqlite, a folder holding it and its -wal, or a dev server's store file) the server
// also serves those files read-only to the page, which opens them in the Files view and follows
// them as the app writes (scripts/follow/plugin.ts). `--port N` serves on another port;
// `--no-build` serves the last build.
import { build, preview } from 'vite';
import { followedFiles } from './follow/files.ts';

const args = process.argv.slice(2);
let port = 4173;
let skipBuild = false;
const paths: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--port') port = Number(args[++i]);
  else if (args[i] === '--no-build') skipBuild = true;
  else paths.push(args[i]);
}
if (paths.length > 1) {
  console.error('Follow one checkpoint store at a time: npm start -- path/to/checkpoints.sqlite');
  process.exit(2);
}
if (paths.length === 1) {
  let files: ReturnType<typeof followedFiles>;
  try {
    files = followedFiles(paths[0]);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  }
  process.env.REPLAYGRAPH_FOLLOW = JSON.stringify(files);
  console.log(`Following ${files.map((f) => f.path).join(' and ')} (read-only)`);
}
if (!skipBuild) await build();
const server = await preview({ preview: { host: '127.0.0.1', port, strictPort: true } });
server.printUrls();
const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
