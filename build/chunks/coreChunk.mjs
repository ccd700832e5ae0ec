// One chunk for the code every page runs. esbuild puts a shared module in the chunk of the exact
// set of entry points that reach it, so the route tree's code, which lazy pages, sections, texts and
// bodies each reach in part, came out as a dozen small files: each compressed alone, each a request.
// Every lazy module is loaded after the route tree anyway; importing it from each of them makes that
// set the same for all of the route tree's code, which then lands in one file and compresses as one.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @param {{ core: string, entry: string, standalone?: string[] }} files the route tree, the client entry whose own
 * imports are the core itself, and lazy modules that use nothing of the route tree and load on pages without it
 */
export function coreChunkPlugin({ core, entry, standalone = [] }) {
  const coreFile = path.resolve(core);
  const entryFile = path.resolve(entry);
  const alone = new Set(standalone.map((file) => path.resolve(file)));
  return {
    name: 'core-chunk',
    setup(build) {
      // Per build: the same options (and plugin) may run in builds at once.
      const lazyModules = new Set();
      build.onStart(() => lazyModules.clear());
      // Notes each module of ours that something imports lazily (packages keep their own chunks).
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.coreChunk || args.importer === entryFile)
          return undefined;
        const { kind, importer, namespace, resolveDir } = args;
        const result = await build.resolve(args.path, {
          kind,
          importer,
          namespace,
          resolveDir,
          pluginData: { coreChunk: true },
        });
        if (
          !result.errors.length &&
          !result.path.includes(`${path.sep}node_modules${path.sep}`) &&
          !alone.has(result.path)
        )
          lazyModules.add(result.path);
        return result;
      });
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!lazyModules.has(args.path)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        // A side-effect import: the module uses nothing of it, and it is evaluated already when the module loads.
        return {
          contents: `${source}\nimport ${JSON.stringify(coreFile)};\n`,
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}
