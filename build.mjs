// Bundles the browser code (ESM, code splitting, hashed names under /static/js)
// and the server (one ESM file, packages external), then writes the manifest the
// server reads to link each page's stylesheet, font and chunks.
//   node build.mjs        production build into dist/
//   node build.mjs --dev  rebuild the client on change and run the server under tsx watch
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const dev = process.argv.includes('--dev');
const outDir = 'dist';
const clientOut = path.join(outDir, 'client');
const staticOut = path.join(clientOut, 'static');
const entryFile = 'client/entry.tsx';
const stylesFile = 'shared/styles/index.css';
const pagesDir = 'shared/pages/';

/** @type {esbuild.BuildOptions} */
const clientOptions = {
  entryPoints: { entry: entryFile, styles: stylesFile },
  outdir: staticOut,
  publicPath: '/static/',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
  jsx: 'automatic',
  entryNames: '[ext]/[name]-[hash]',
  chunkNames: '[ext]/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  loader: { '.woff2': 'file' },
  minify: !dev,
  sourcemap: dev ? 'inline' : 'linked',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  logLevel: 'warning',
};

// React reads NODE_ENV when it loads: bundling it with NODE_ENV defined makes the server
// render with React's production build whatever the environment says. Other packages stay external.
const bundledInServer = new Set(['react', 'react-dom', 'react-router', 'react-helmet-async']);
const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));

/** @type {esbuild.BuildOptions} */
const serverOptions = {
  entryPoints: ['server/main.ts'],
  outfile: path.join(outDir, 'server.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  jsx: 'automatic',
  external: Object.keys(dependencies).filter((name) => !bundledInServer.has(name)),
  define: { 'process.env.NODE_ENV': '"production"' },
  minifySyntax: true,
  // React's CommonJS files require Node built-ins; ESM output needs a real require for them.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** Maps the metafile to what the server needs: entry, stylesheet, font, and each page's chunks. */
function writeManifest(metafile) {
  const outputs = Object.entries(metafile.outputs);
  const url = (file) => `/${path.relative(clientOut, file).split(path.sep).join('/')}`;
  const staticImports = (file) => {
    const seen = new Set();
    const visit = (current) => {
      for (const imported of metafile.outputs[current]?.imports ?? []) {
        if (imported.kind === 'import-statement' && !seen.has(imported.path)) {
          seen.add(imported.path);
          visit(imported.path);
        }
      }
    };
    visit(file);
    return [...seen].map(url);
  };
  const find = (test) => outputs.find(([file, output]) => test(file, output))?.[0];

  const entry = find((file, output) => output.entryPoint === entryFile && file.endsWith('.js'));
  const stylesheet = find((file, output) => output.entryPoint === stylesFile && file.endsWith('.css'));
  const font = find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
  if (!entry || !stylesheet) throw new Error('The build produced no entry script or stylesheet.');

  const routes = {};
  for (const [file, output] of outputs) {
    if (output.entryPoint?.startsWith(pagesDir) && file.endsWith('.js')) {
      routes[path.basename(output.entryPoint).replace(/\.tsx?$/, '')] = [url(file), ...staticImports(file)];
    }
  }
  const manifest = {
    entry: url(entry),
    entryImports: staticImports(entry),
    stylesheet: url(stylesheet),
    font: font ? url(font) : undefined,
    routes,
  };
  fs.writeFileSync(path.join(clientOut, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
async function precompress() {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs
    .readdirSync(staticOut, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css|svg|json)$/.test(file))
    .map((file) => path.join(staticOut, file));
  await Promise.all(
    files.map(async (file) => {
      const source = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(source, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}

async function build() {
  fs.rmSync(outDir, { recursive: true, force: true });
  const [client] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  writeManifest(client.metafile);
  await precompress();
  console.log(`Built ${Object.keys(client.metafile.outputs).length} client files and ${serverOptions.outfile}.`);
}

async function watch() {
  fs.rmSync(outDir, { recursive: true, force: true });
  const manifestPlugin = {
    name: 'manifest',
    setup(pluginBuild) {
      pluginBuild.onEnd((result) => {
        if (result.metafile) writeManifest(result.metafile);
      });
    },
  };
  const context = await esbuild.context({ ...clientOptions, plugins: [manifestPlugin] });
  await context.rebuild();
  await context.watch();
  const server = spawn('tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  server.on('exit', (code) => process.exit(code ?? 0));
}

await (dev ? watch() : build());
