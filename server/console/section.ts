import type { Request, RequestHandler, Response, Router } from 'express';

import type { ConsoleAssets, ConsoleNavEntry } from './kit/ConsoleDocument';
import type { StaffName } from './people/names';
import type { Role } from './roles';

/**
 * The most a console file upload may send, read whole: the article form's, a cover photo (at most its 20 MB) with
 * room over it so a file a little too large is refused in the editor with everything typed (decision 075). A form
 * kept after its session ended is read to the same bound (keptFormRoutes.ts).
 */
export const UPLOAD_MAX_BYTES = 32 * 1024 * 1024;

/** What a console section needs to answer behind the sign-in. */
export interface ConsoleSectionTools {
  assets: () => ConsoleAssets;
  /** What every console post passes first (see guardPost in console.ts), its body bounded to maxBytes (32 KB by default). */
  guardPost: (maxBytes?: number) => RequestHandler[];
  /**
   * The same for a file upload (multipart/form-data), its body bounded to UPLOAD_MAX_BYTES: the body is read raw,
   * and the handler, which parses it, checks its csrf field with csrfMatches.
   */
  guardUpload: () => RequestHandler[];
  csrfMatches: (res: Response, sent: unknown) => boolean;
  renderNotFound: (res: Response, message: string) => void;
  /** The staff's display names, read for a page that says who did what. */
  staffNames: () => Promise<StaffName>;
  /**
   * Before a dangerous action (an export, a role, a campaign send), after guardPost for a post: asks for the
   * password again when the session's last check is over 10 minutes old, carrying the action (decision 070).
   */
  recentCheck: RequestHandler;
  /** The same asked from inside a handler, for an action dangerous only with some values (a role changed). */
  askForCheck: (req: Request, res: Response) => void;
}

/**
 * A part of the console, brought by the feature it shows (the leads, the newsletter, the articles…): its link in
 * the header, the roles that may open it (decision 069), and its routes, mounted behind the sign-in and behind
 * a check of those roles at each of its routes' paths.
 */
export interface ConsoleSection {
  nav: ConsoleNavEntry;
  roles: readonly Role[];
  routes: (tools: ConsoleSectionTools) => Router;
}
