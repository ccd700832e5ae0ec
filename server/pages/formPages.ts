import type { ReactElement } from 'react';
import { createElement } from 'react';

import { FormTokenContext } from '../../shared/components/contexts';
import { findPage } from '../../shared/routes';
import { withoutQuery } from '../http/requestStart';
import type { PageView, RenderPage } from './render';

/** Whether a page's key (its path and the query it reads) is a page with a public form (a route with `hasForm`). */
export const hasForm = (key: string) => findPage(withoutQuery(key))?.route.hasForm === true;

/** A form page's view (decision 073): its URL's own page, hydrated as usual, with the token in its form's slot. */
export const formView = (url: string, slot: string): PageView => ({
  path: url,
  status: 200,
  slot,
  own: true,
  wrap: (page: ReactElement, value?: string) => createElement(FormTokenContext, { value: value ?? '' }, page),
});

/** The renderer where no page is kept (development): a form page still gets its fresh token. */
export const withFormTokens =
  (render: RenderPage, issue: () => Promise<string>): RenderPage =>
  async (req, res, view) => {
    const path = req.originalUrl;
    if (view || !hasForm(path)) return render(req, res, view);
    return render(req, res, formView(path, await issue()));
  };
