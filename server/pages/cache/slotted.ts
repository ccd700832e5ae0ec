import { Writable } from 'node:stream';

import type { Request, Response } from 'express';

import type { PageHeaders } from '../pageHeaders';
import type { PageView, StreamPage } from '../render';

/** What a slot may hold: word characters, dots and dashes, which HTML and a URL's query write as they are. */
const SLOT_VALUE = /^[\w.-]{1,200}$/;
/** Stands for the value while the page renders: a word nothing else on a page spells. */
const STAND_IN = 'slot-7f3c1e9a2b5d4c8e';

/** A view's page rendered once: what comes before and after its slot, with its status and style. */
interface SlottedPage {
  status: number;
  styleHash: string;
  before: string;
  after: string;
}

/** A view with its slot's value. */
type SlottedView = PageView & { slot: string };

/**
 * Views with a slot, kept (decision 064): a newsletter link's page differs from another's by its token
 * alone, so it is rendered once per view, with a stand-in, and each request gets those bytes with its own
 * value written in, compressed on the way out as any answer of the app. A made-up token costs no render.
 * A page that did not render whole, or shows the stand-in other than once, is not kept: each request then
 * renders its own, as a view without a slot does.
 */
export function slottedPages(render: StreamPage, headers: PageHeaders) {
  /** The pages by view, each a promise: requests that arrive while the first renders wait for it. */
  const pages = new Map<string, Promise<SlottedPage | undefined>>();

  /** Renders the view with the stand-in, its status and headers set on res but nothing written to it. */
  const renderOnce = (req: Request, res: Response, view: SlottedView) =>
    new Promise<SlottedPage | undefined>((resolve) => {
      let whole = true;
      // Closed before the page was whole: the visitor left, or the renderer sent its error page itself.
      res.once('close', () => resolve(undefined));
      render(
        req,
        res,
        { ...view, slot: STAND_IN },
        {
          onShellReady(status, styleHash) {
            const chunks: Buffer[] = [];
            return new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                done();
                const [before, after, ...more] = Buffer.concat(chunks).toString().split(STAND_IN);
                const kept = whole && status === view.status && after !== undefined && more.length === 0;
                resolve(kept ? { status, styleHash, before: before!, after } : undefined);
              },
            });
          },
          onError() {
            whole = false;
          },
        },
      ).catch(() => resolve(undefined));
    });

  return {
    /**
     * Answers with the view's kept page and the request's value in its slot: 'hit' when another request
     * rendered it, 'rendered' when this one did; 'yours' when the caller is to render the view itself.
     */
    async send(req: Request, res: Response, view: SlottedView): Promise<'hit' | 'rendered' | 'yours'> {
      if (!SLOT_VALUE.test(view.slot)) return 'yours';
      const key = `${view.status} ${view.path}`;
      let page = pages.get(key);
      const mine = !page;
      if (!page) {
        const rendering = renderOnce(req, res, view);
        pages.set(key, rendering);
        // One that could not be kept is tried again by the next request.
        void rendering.then((kept) => {
          if (!kept && pages.get(key) === rendering) pages.delete(key);
        });
        page = rendering;
      }
      const kept = await page;
      // The renderer answered the first request itself (its error page): nothing is left to send.
      if (res.writableEnded) return 'rendered';
      if (!kept) return 'yours';
      res.status(kept.status);
      for (const [name, value] of headers(kept.styleHash, true)) res.setHeader(name, value);
      res.end(kept.before + view.slot + kept.after);
      return mine ? 'rendered' : 'hit';
    },
    /** Forgets every kept page (what the pages show changed); one being rendered is not kept. */
    clear() {
      pages.clear();
    },
  };
}
