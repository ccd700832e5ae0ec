import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Route tests read the build manifest: build once if a plain `vitest` run finds none. */
export default function ensureBuild(): void {
  if (!fs.existsSync('dist/client/manifest.json')) execFileSync(process.execPath, ['build.mjs'], { stdio: 'inherit' });
}
