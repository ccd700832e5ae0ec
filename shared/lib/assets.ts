import { createContext } from 'react';

/** The built files one page needs in its head; only the server knows them (from the build manifest). */
export interface PageAssets {
  stylesheet: string;
  font?: string;
  modulePreloads: readonly string[];
}

export const AssetsContext = createContext<PageAssets | null>(null);
